import { format, type MessageKey, type MessageParams } from '../i18n/dictionary.ts';

export type Messages = Partial<Record<MessageKey, string>>;
export type T = (key: MessageKey, params?: MessageParams) => string;

/** Islands translate with the subset of strings their page passed them (see pickMessages). */
export function createTranslator(messages: Messages): T {
  return (key, params) => format(messages[key] ?? key, params);
}

/** Strings every island that calls the API needs to explain a failure (spec §8). */
export const API_ERROR_KEYS = [
  'error.fetch',
  'error.timeout',
  'error.parsing',
  'error.http',
  'error.server',
  'app.loading',
  'app.retry',
] as const satisfies readonly MessageKey[];
