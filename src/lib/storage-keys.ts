/** localStorage key of the signed-in user's data (spec §3: an object with a token). */
export const USER_DATA_KEY = 'userData';
/** Query parameter the guard adds so login can send the visitor back where they were going. */
export const NEXT_PARAM = 'next';
