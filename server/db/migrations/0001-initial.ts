/**
 * Users, their sign-in tokens, and the miner catalogue with the coins it mines.
 * Forward-only: a later change is a new migration, never an edit of this one.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`
      create table users (
        id bigint generated always as identity primary key,
        -- No "@" in usernames: the login field takes a username or an email, and this
        -- keeps the two from ever being confused.
        username text not null
          check (char_length(username) between 3 and 32 and username ~ '^[A-Za-z0-9_.-]+$'),
        email text not null check (char_length(email) <= 254 and email ~ '^[^@\\s]+@[^@\\s]+$'),
        password_hash text not null,
        first_name text not null default '' check (char_length(first_name) <= 150),
        last_name text not null default '' check (char_length(last_name) <= 150),
        language text not null default 'en' check (language in ('en', 'ru', 'es', 'ar', 'tr', 'de')),
        is_verified boolean not null default false,
        unread_message_count integer not null default 0 check (unread_message_count >= 0),
        referral_code text not null unique check (referral_code ~ '^[A-Z0-9]{6,16}$'),
        referred_by bigint references users (id) on delete set null check (referred_by <> id),
        date_joined timestamptz not null default now(),
        deleted_at timestamptz
      )`,
    // Case-insensitive uniqueness: "Demo" and "demo" are one account, as are emails.
    // These also serve the login lookup (where lower(username) = lower($1)).
    sql`create unique index users_username_lower_key on users (lower(username))`,
    sql`create unique index users_email_lower_key on users (lower(email))`,
    sql`create index users_referred_by_idx on users (referred_by) where referred_by is not null`,

    sql`
      create table auth_tokens (
        id bigint generated always as identity primary key,
        user_id bigint not null references users (id) on delete cascade,
        token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        last_used_at timestamptz,
        user_agent text check (char_length(user_agent) <= 512),
        ip inet,
        revoked_at timestamptz,
        check (expires_at > created_at)
      )`,
    // "Sign out everywhere" and the sessions list read a user's live tokens.
    sql`create index auth_tokens_user_live_idx on auth_tokens (user_id) where revoked_at is null`,
    // Purging expired tokens scans by expiry.
    sql`create index auth_tokens_expires_at_idx on auth_tokens (expires_at)`,

    sql`
      create table coins (
        symbol text primary key check (symbol ~ '^[A-Z0-9]{2,10}$'),
        name text not null check (char_length(name) between 1 and 64),
        price_usd numeric(20, 8) not null check (price_usd >= 0),
        hash_unit text not null check (hash_unit in ('H/s', 'KH/s', 'MH/s', 'GH/s', 'TH/s', 'PH/s')),
        -- Coin earned by one hash unit in one day, set by the operator. 18 places: a TH/s
        -- earns well under a millionth of a bitcoin a day.
        revenue_per_unit_day numeric(30, 18) not null check (revenue_per_unit_day >= 0),
        updated_at timestamptz not null default now(),
        -- Target of the miners (coin, hashrate_unit) foreign key below.
        unique (symbol, hash_unit)
      )`,

    sql`
      create table miners (
        id bigint generated always as identity primary key,
        name text not null check (char_length(name) between 1 and 100),
        -- The maker's designation with the hashrate variant ("S21 Pro 234T"): the natural key.
        model text not null unique check (char_length(model) between 1 and 100),
        image text not null check (image ~ '^/miners/[a-z0-9][a-z0-9._-]*\\.(svg|png|webp|jpg)$'),
        algorithm text not null check (char_length(algorithm) between 1 and 32),
        coin text not null,
        hashrate numeric(20, 4) not null check (hashrate > 0),
        hashrate_unit text not null,
        power_w integer not null check (power_w > 0),
        efficiency_j_per_th numeric(10, 2) check (efficiency_j_per_th > 0),
        acquisition text not null check (acquisition in ('rent', 'buy', 'both')),
        rent_price_per_day numeric(20, 8) check (rent_price_per_day > 0),
        rent_terms integer[],
        purchase_price numeric(20, 8) check (purchase_price > 0),
        maintenance_fee_per_day numeric(20, 8) not null check (maintenance_fee_per_day >= 0),
        stock integer not null default 0 check (stock >= 0),
        is_on_sale boolean not null default true,
        created_at timestamptz not null default now(),
        -- The income estimate multiplies hashrate by the coin's revenue per hash unit, so
        -- the two units must be the same; the composite key makes a mismatch impossible.
        foreign key (coin, hashrate_unit) references coins (symbol, hash_unit) on update cascade,
        constraint miners_efficiency_sha256_only check (efficiency_j_per_th is null or algorithm = 'SHA-256'),
        constraint miners_rent_fields check (
          case when acquisition = 'buy'
            then rent_price_per_day is null and rent_terms is null
            -- Every term spelled out: a NULL anywhere here would make the check pass.
            else rent_price_per_day is not null
              and rent_terms is not null
              and cardinality(rent_terms) > 0
              and array_ndims(rent_terms) = 1
              and array_position(rent_terms, null) is null
              and 0 < all (rent_terms)
          end
        ),
        constraint miners_purchase_fields check (
          case when acquisition = 'rent' then purchase_price is null else purchase_price is not null end
        )
      )`,
    // The catalogue lists miners on sale by coin, then price.
    sql`create index miners_on_sale_idx on miners (coin, purchase_price, rent_price_per_day, id) where is_on_sale`,
  ];
  for (const statement of statements) await statement.execute(db);
}
