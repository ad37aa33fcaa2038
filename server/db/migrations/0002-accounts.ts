/**
 * Accounts (issue 3): accounts without an email or a password (Telegram sign-in),
 * pending email changes, two-factor authentication, one-time codes, two-factor
 * challenges, recovery codes, database-backed rate limits and server-wide settings.
 * Forward-only, like every migration.
 */
import { sql, type Kysely } from 'kysely';

const EMAIL_CHECK = sql`char_length(email) <= 254 and email ~ '^[^@\\s]+@[^@\\s]+$'`;
const SHA256_HEX = sql.raw(`'^[0-9a-f]{64}$'`);

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // A Telegram account has no email until its owner adds one, and no password until
    // they set one; a deleted account keeps neither.
    sql`alter table users alter column email drop not null`,
    sql`alter table users alter column password_hash drop not null`,
    sql`drop index users_email_lower_key`,
    sql`create unique index users_email_lower_key on users (lower(email)) where email is not null`,
    sql`alter table users
          add column pending_email text check (char_length(pending_email) <= 254 and pending_email ~ '^[^@\\s]+@[^@\\s]+$'),
          add column telegram_id bigint unique check (telegram_id > 0),
          -- AES-256-GCM ciphertexts (server/auth/secret-box.ts), never the bare secret.
          add column totp_secret text,
          add column totp_pending_secret text,
          -- The last accepted TOTP time step: a code is accepted once (RFC 6238 §5.2).
          add column totp_last_step bigint,
          -- Every live account can be reached: by email or by Telegram.
          add constraint users_reachable check (deleted_at is not null or email is not null or telegram_id is not null)`,

    sql`
      create table one_time_codes (
        id bigint generated always as identity primary key,
        purpose text not null check (purpose in ('signup', 'login', 'password_reset', 'email_change')),
        -- Lowercased. Codes are issued for addresses without an account too (never sent),
        -- so that the answers cannot tell which addresses have one.
        email text not null check (email = lower(email) and ${EMAIL_CHECK}),
        user_id bigint references users (id) on delete cascade,
        code_hash text not null check (code_hash ~ ${SHA256_HEX}),
        created_at timestamptz not null,
        expires_at timestamptz not null,
        failed_attempts integer not null default 0 check (failed_attempts >= 0),
        used_at timestamptz,
        check (expires_at > created_at)
      )`,
    // The newest code of an address and purpose is the only valid one.
    sql`create index one_time_codes_lookup_idx on one_time_codes (email, purpose, created_at desc)`,
    sql`create index one_time_codes_user_idx on one_time_codes (user_id) where user_id is not null`,
    sql`create index one_time_codes_expires_at_idx on one_time_codes (expires_at)`,

    sql`
      create table two_factor_challenges (
        id bigint generated always as identity primary key,
        user_id bigint not null references users (id) on delete cascade,
        challenge_hash text not null unique check (challenge_hash ~ ${SHA256_HEX}),
        created_at timestamptz not null,
        expires_at timestamptz not null,
        failed_attempts integer not null default 0 check (failed_attempts >= 0),
        used_at timestamptz,
        check (expires_at > created_at)
      )`,
    sql`create index two_factor_challenges_user_idx on two_factor_challenges (user_id)`,
    sql`create index two_factor_challenges_expires_at_idx on two_factor_challenges (expires_at)`,

    sql`
      create table recovery_codes (
        id bigint generated always as identity primary key,
        user_id bigint not null references users (id) on delete cascade,
        code_hash text not null check (code_hash ~ ${SHA256_HEX}),
        used_at timestamptz,
        unique (user_id, code_hash)
      )`,

    // Fixed-window counters shared by every instance on the database.
    sql`
      create table rate_limits (
        key text not null check (char_length(key) <= 200),
        window_start timestamptz not null,
        expires_at timestamptz not null,
        count integer not null check (count >= 0),
        primary key (key, window_start)
      )`,
    sql`create index rate_limits_expires_at_idx on rate_limits (expires_at)`,

    sql`
      create table server_settings (
        name text primary key check (name ~ '^[a-z][a-z0-9_]{0,63}$'),
        value text not null,
        created_at timestamptz not null default now()
      )`,
  ];
  for (const statement of statements) await statement.execute(db);
}
