/** Reading users, and their public shape (the User contract). */
import type { User } from '../../contracts/users.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';

/** A user as the server holds it after sign-in: everything but the password hash. */
export type AccountUser = Omit<UserRow, 'password_hash'>;

export const accountColumns = [
  'users.id',
  'users.username',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.language',
  'users.is_verified',
  'users.unread_message_count',
  'users.referral_code',
  'users.referred_by',
  'users.date_joined',
  'users.deleted_at',
] as const;

/**
 * The active (not deleted) user a sign-in identifier names: an email when it has an
 * "@" (usernames cannot), a username otherwise; both case-insensitively.
 */
export async function findUserForSignIn(db: Db, identifier: string): Promise<UserRow | undefined> {
  const column = identifier.includes('@') ? 'email' : 'username';
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', [column]), '=', identifier.toLowerCase()))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function toUser(user: AccountUser): User {
  return {
    id: Number(user.id),
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    language: user.language,
    is_verified: user.is_verified,
    unread_message_count: user.unread_message_count,
    referral_code: user.referral_code,
    date_joined: user.date_joined.toISOString(),
  };
}
