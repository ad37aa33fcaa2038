/** Reading and writing users, and their public shape (the User contract). */
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { User } from '../../contracts/users.ts';
import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { NewUser, UserRow } from '../db/schema.ts';

/** Columns never needed outside the code that checks them. */
type SecretColumn = 'password_hash' | 'totp_secret' | 'totp_pending_secret' | 'totp_last_step';

/** A user as the server holds it after sign-in: no secrets, but whether they exist. */
export type AccountUser = Omit<UserRow, SecretColumn> & { has_password: boolean; totp_enabled: boolean };

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
  'users.pending_email',
  'users.telegram_id',
  sql<boolean>`users.password_hash is not null`.as('has_password'),
  sql<boolean>`users.totp_secret is not null`.as('totp_enabled'),
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

/** The active user with this email, whatever its letter case. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function findAccount(db: Db, id: string): Promise<AccountUser | undefined> {
  return db
    .selectFrom('users')
    .select(accountColumns)
    .where('users.id', '=', id)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findUserByTelegramId(db: Db, telegramId: number): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('telegram_id', '=', String(telegramId))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Another account already has this username (any letter case), deleted ones included:
 * their `deleted-<id>` names stay reserved.
 */
export async function usernameTaken(db: Db, username: string, exceptUserId?: string): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()));
  if (exceptUserId) query = query.where('id', '<>', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function emailTaken(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
  if (exceptUserId) query = query.where('id', '<>', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The active account a referral code belongs to (codes are upper case; any case is accepted). */
export async function findReferrer(db: Db, referralCode: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('users')
    .select('id')
    .where('referral_code', '=', referralCode.toUpperCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Unambiguous when read aloud or typed: no 0/O, 1/I. */
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newReferralCode(): string {
  return Array.from({ length: 8 }, () => REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)]).join('');
}

/**
 * Inserts a user with a fresh referral code (drawn again on the rare collision). Other
 * unique violations (username, email) propagate to the caller.
 */
export async function insertUser(db: Db, user: Omit<NewUser, 'referral_code'>): Promise<UserRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db
        .insertInto('users')
        .values({ ...user, referral_code: newReferralCode() })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      const referralClash =
        isUniqueViolation(error) && String((error as { constraint?: string }).constraint).includes('referral_code');
      if (!referralClash || attempt >= 5) throw error;
    }
  }
}

/** Sets the password (a hash from auth/passwords.ts). */
export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/**
 * Deletes an account the way the ledger allows: every personal field is emptied or
 * replaced, the row (and every row pointing at it) stays.
 */
export async function anonymiseUser(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({
      username: sql<string>`'deleted-' || id`,
      email: null,
      pending_email: null,
      first_name: '',
      last_name: '',
      password_hash: null,
      telegram_id: null,
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
      deleted_at: now,
    })
    .where('id', '=', userId)
    .execute();
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
    totp_enabled: user.totp_enabled,
    has_password: user.has_password,
    telegram_linked: user.telegram_id !== null,
    pending_email: user.pending_email,
  };
}

/** The AccountUser view of a full row. */
export function toAccount(row: UserRow): AccountUser {
  const { password_hash, totp_secret, totp_pending_secret: _pending, totp_last_step: _step, ...account } = row;
  return { ...account, has_password: password_hash !== null, totp_enabled: totp_secret !== null };
}
