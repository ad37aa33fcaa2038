/**
 * Mining money (issue 4): the miners customers rent or own, the customer-facing ledger
 * (transactions), the immutable money movements behind it (ledger_entries) with the
 * balances they add up to, the per-day earnings record, and notifications.
 *
 * The invariants live here, not only in code:
 * - a balance never goes below zero (CHECK), and a debit is one conditional UPDATE;
 * - a ledger entry is never changed or removed (trigger), and it belongs to a
 *   transaction of the same user and currency (composite foreign key);
 * - a user-miner is credited at most once per day: one earning_days row per
 *   (user-miner, day), and one earning and one fee line per (user-miner, day).
 * Forward-only, like every migration.
 */
import { sql, type Kysely } from 'kysely';

const CURRENCY_CHECK = sql.raw(`'^[A-Z0-9]{2,10}$'`);

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`
      create table balances (
        user_id bigint not null references users (id) on delete restrict,
        currency text not null check (currency ~ ${CURRENCY_CHECK}),
        amount numeric(30, 8) not null default 0 check (amount >= 0),
        updated_at timestamptz not null default now(),
        primary key (user_id, currency)
      )`,

    sql`
      create table user_miners (
        id bigint generated always as identity primary key,
        user_id bigint not null references users (id) on delete restrict,
        miner_id bigint not null references miners (id) on delete restrict,
        ownership_type text not null check (ownership_type in ('rent', 'own')),
        status text not null default 'active' check (status in ('active', 'paused', 'ended')),
        is_active boolean generated always as (status <> 'ended') stored,
        -- What was bought, as it was when bought: later catalogue changes do not touch it.
        price_paid numeric(30, 8) not null check (price_paid > 0),
        currency text not null default 'USDT' check (currency = 'USDT'),
        rent_days integer check (rent_days > 0),
        rent_price_per_day numeric(20, 8) check (rent_price_per_day > 0),
        maintenance_fee_per_day numeric(20, 8) not null check (maintenance_fee_per_day >= 0),
        hashrate numeric(20, 4) not null check (hashrate > 0),
        hashrate_unit text not null check (hashrate_unit in ('H/s', 'KH/s', 'MH/s', 'GH/s', 'TH/s', 'PH/s')),
        coin text not null references coins (symbol) on update cascade,
        started_at timestamptz not null,
        ends_at timestamptz,
        ended_at timestamptz,
        paused_at timestamptz,
        low_margin_warned_at timestamptz,
        ending_notified_at timestamptz,
        idempotency_key text not null check (char_length(idempotency_key) between 8 and 64),
        created_at timestamptz not null default now(),
        -- A repeated key is the same order (a double click), never a second charge.
        unique (user_id, idempotency_key),
        constraint user_miners_rent_fields check (
          case when ownership_type = 'rent'
            then rent_days is not null and rent_price_per_day is not null and ends_at > started_at
            else rent_days is null and rent_price_per_day is null and ends_at is null
          end
        ),
        constraint user_miners_ended check ((status = 'ended') = (ended_at is not null)),
        constraint user_miners_paused check ((status = 'paused') = (paused_at is not null))
      )`,
    sql`create index user_miners_user_idx on user_miners (user_id, created_at desc, id desc)`,
    // The earnings job looks for miners running during a day.
    sql`create index user_miners_started_at_idx on user_miners (started_at)`,
    sql`create index user_miners_renting_idx on user_miners (ends_at) where status <> 'ended' and ends_at is not null`,

    // One row per user-miner and UTC day once the day has been settled, credited or not:
    // the claim that makes the earnings job exactly-once, and the explanation of each day.
    sql`
      create table earning_days (
        user_miner_id bigint not null references user_miners (id) on delete restrict,
        day date not null,
        outcome text not null check (outcome in ('credited', 'paused')),
        active_seconds integer not null check (active_seconds between 1 and 86400),
        gross numeric(30, 8) not null check (gross >= 0),
        fee numeric(30, 8) not null check (fee >= 0),
        revenue_per_unit_day numeric(30, 18) not null,
        coin_price_usd numeric(20, 8) not null,
        created_at timestamptz not null default now(),
        primary key (user_miner_id, day),
        check (outcome = 'paused' or gross >= fee)
      )`,

    sql`
      create table transactions (
        id bigint generated always as identity primary key,
        user_id bigint not null references users (id) on delete restrict,
        type text not null check (type in (
          'deposit', 'withdrawal', 'purchase', 'rent', 'earning', 'fee', 'referral_commission', 'refund'
        )),
        status text not null check (status in ('pending', 'completed', 'failed', 'cancelled')),
        currency text not null check (currency ~ ${CURRENCY_CHECK}),
        -- Signed, as the customer sees it: + credit, - debit. A withdrawal's network fee is
        -- in "fee"; its ledger movement is -(amount + fee).
        amount numeric(30, 8) not null,
        fee numeric(30, 8) not null default 0 check (fee >= 0),
        description_key text not null check (description_key ~ '^[a-zA-Z0-9_.]{1,100}$'),
        description_params jsonb not null default '{}' check (jsonb_typeof(description_params) = 'object'),
        user_miner_id bigint references user_miners (id) on delete restrict,
        miner_id bigint references miners (id) on delete restrict,
        related_transaction_id bigint references transactions (id) on delete restrict,
        referred_user_id bigint references users (id) on delete restrict,
        address text check (char_length(address) between 1 and 128),
        gateway_reference text check (char_length(gateway_reference) between 1 and 128),
        payment_instructions jsonb check (jsonb_typeof(payment_instructions) = 'object'),
        test_mode boolean,
        status_reason text check (char_length(status_reason) <= 500),
        earning_date date,
        created_at timestamptz not null default now(),
        completed_at timestamptz,
        idempotency_key text check (char_length(idempotency_key) between 8 and 64),
        -- Target of the ledger_entries foreign key: an entry moves its own transaction's money.
        unique (id, user_id, currency),
        constraint transactions_sign check (
          case when type in ('deposit', 'earning', 'refund', 'referral_commission') then amount > 0 else amount < 0 end
        ),
        constraint transactions_fee check (type = 'withdrawal' or fee = 0),
        constraint transactions_address check ((type = 'withdrawal') = (address is not null)),
        constraint transactions_earning_date check ((type in ('earning', 'fee')) = (earning_date is not null)),
        constraint transactions_user_miner check (type not in ('purchase', 'rent', 'earning', 'fee') or user_miner_id is not null),
        constraint transactions_waits check (status = 'completed' or type in ('deposit', 'withdrawal')),
        constraint transactions_completed_at check ((status = 'completed') = (completed_at is not null))
      )`,
    // Exactly one earning line and one fee line per user-miner and day, whoever runs the
    // job and however often. Other types have no earning_date, and NULLs never collide.
    sql`create unique index transactions_earning_once_key on transactions (user_miner_id, earning_date, type)`,
    sql`create unique index transactions_idempotency_key on transactions (user_id, idempotency_key)`,
    sql`create unique index transactions_gateway_reference_key on transactions (gateway_reference)`,
    sql`create index transactions_user_idx on transactions (user_id, created_at desc, id desc)`,
    sql`create index transactions_pending_idx on transactions (type, created_at) where status = 'pending'`,
    sql`create index transactions_referred_user_idx on transactions (referred_user_id) where referred_user_id is not null`,

    sql`
      create table ledger_entries (
        id bigint generated always as identity primary key,
        user_id bigint not null references users (id) on delete restrict,
        currency text not null check (currency ~ ${CURRENCY_CHECK}),
        amount numeric(30, 8) not null check (amount <> 0),
        transaction_id bigint not null,
        created_at timestamptz not null default now(),
        foreign key (transaction_id, user_id, currency) references transactions (id, user_id, currency) on delete restrict
      )`,
    sql`create index ledger_entries_account_idx on ledger_entries (user_id, currency)`,
    sql`create index ledger_entries_transaction_idx on ledger_entries (transaction_id)`,
    sql`
      create function ledger_entries_immutable() returns trigger language plpgsql as $$
      begin
        raise exception 'ledger entries are immutable: record a new entry instead';
      end
      $$`,
    sql`
      create trigger ledger_entries_immutable before update or delete on ledger_entries
        for each row execute function ledger_entries_immutable()`,

    sql`
      create table notifications (
        id bigint generated always as identity primary key,
        user_id bigint not null references users (id) on delete cascade,
        kind text not null check (kind ~ '^[a-z_]{1,40}$'),
        title text not null check (char_length(title) between 1 and 200),
        body text not null check (char_length(body) <= 2000),
        is_read boolean not null default false,
        date_created timestamptz not null default now(),
        -- Null: the system (or the operator's console); otherwise the user who sent it.
        creator_id bigint references users (id) on delete set null
      )`,
    sql`create index notifications_user_idx on notifications (user_id, date_created desc, id desc)`,
  ];
  for (const statement of statements) await statement.execute(db);
}
