/**
 * The operator's console (`npm run operator -- <command>`): review pending withdrawals
 * and deposits, run the earnings job, and send every user a notification. Each command
 * is a function of a context, so tests call them directly; server/operator.ts wires
 * them to the process (configuration, database, stdout, exit code).
 *
 * Exit codes: 0 done; 1 refused (no such pending item, bad date); 2 usage error.
 */
import { sql } from 'kysely';
import { negate } from '../../src/lib/money.ts';
import type { Db } from '../db/database.ts';
import { isUtcDate } from '../lib/utc-days.ts';
import { runEarnings, runEarningsJob } from '../jobs/earnings.ts';
import { BODY_MAX_LENGTH, TITLE_MAX_LENGTH } from '../notifications/notify.ts';
import { closeDeposit, completeDeposit } from '../services/deposits.ts';
import { approveWithdrawal, rejectWithdrawal } from '../services/withdrawals.ts';

export interface OperatorContext {
  db: Db;
  now: () => Date;
  /** Prints one line. */
  out: (line: string) => void;
}

export const EXIT_OK = 0;
export const EXIT_REFUSED = 1;
export const EXIT_USAGE = 2;

export const USAGE = `Usage: npm run operator -- <command>

  withdrawals list                         pending withdrawals, oldest first
  withdrawals approve <id>                 mark a pending withdrawal as sent
  withdrawals reject <id> [--reason text]  cancel it and refund amount + fee
  deposits list                            pending deposits, oldest first
  deposits approve <id>                    credit a pending deposit (payment received)
  deposits reject <id> [--reason text]     mark a pending deposit failed (no payment)
  earnings run [--date YYYY-MM-DD]         settle one UTC day, or (no date) the usual job:
                                           end due rents, then the last 7 finished days
  broadcast --title "..." --body "..."     a notification to every user`;

/** Plain text table: a header row, then rows, columns padded to their widest cell. */
export function table(headers: string[], rows: string[][]): string[] {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

interface Parsed {
  positional: string[];
  options: Map<string, string>;
}

/** "--name value" options (also "--name=value"); everything else is positional. */
export function parseArguments(argv: string[]): Parsed | null {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (!argument.startsWith('--')) {
      positional.push(argument);
      continue;
    }
    const [name, inline] = argument.slice(2).split(/=(.*)/s, 2);
    const value = inline ?? argv[++index];
    if (!name || value === undefined) return null;
    options.set(name, value);
  }
  return { positional, options };
}

const isId = (value: string | undefined): value is string => value !== undefined && /^[1-9]\d{0,17}$/.test(value);

async function pending(ctx: OperatorContext, type: 'withdrawal' | 'deposit'): Promise<number> {
  const rows = await ctx.db
    .selectFrom('transactions as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 'u.username', 't.currency', 't.amount', 't.fee', 't.address', 't.gateway_reference', 't.created_at'])
    .where('t.type', '=', type)
    .where('t.status', '=', 'pending')
    .orderBy('t.created_at')
    .orderBy('t.id')
    .execute();
  if (rows.length === 0) {
    ctx.out(`No pending ${type}s.`);
    return EXIT_OK;
  }
  const created = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');
  const lines =
    type === 'withdrawal'
      ? table(
          ['ID', 'USER', 'CURRENCY', 'AMOUNT', 'FEE', 'ADDRESS', 'CREATED (UTC)'],
          rows.map((row) => [
            row.id,
            row.username,
            row.currency,
            negate(row.amount),
            row.fee,
            row.address ?? '',
            created(row.created_at),
          ]),
        )
      : table(
          ['ID', 'USER', 'CURRENCY', 'AMOUNT', 'GATEWAY REFERENCE', 'CREATED (UTC)'],
          rows.map((row) => [
            row.id,
            row.username,
            row.currency,
            row.amount,
            row.gateway_reference ?? '',
            created(row.created_at),
          ]),
        );
  for (const line of lines) ctx.out(line);
  return EXIT_OK;
}

async function withdrawals(ctx: OperatorContext, args: Parsed): Promise<number> {
  const [, action, id] = args.positional;
  if (action === 'list') return pending(ctx, 'withdrawal');
  if (!isId(id) || (action !== 'approve' && action !== 'reject')) return usage(ctx);
  if (action === 'approve') {
    const done = await approveWithdrawal(ctx.db, id, ctx.now());
    ctx.out(done ? `Withdrawal ${id} approved: marked as sent.` : `No pending withdrawal ${id}.`);
    return done ? EXIT_OK : EXIT_REFUSED;
  }
  const reason = args.options.get('reason')?.trim() || null;
  if (reason && reason.length > 500) return usage(ctx, 'The reason can be at most 500 characters.');
  const done = await rejectWithdrawal(ctx.db, id, reason, ctx.now());
  ctx.out(done ? `Withdrawal ${id} rejected: amount and fee refunded.` : `No pending withdrawal ${id}.`);
  return done ? EXIT_OK : EXIT_REFUSED;
}

async function deposits(ctx: OperatorContext, args: Parsed): Promise<number> {
  const [, action, id] = args.positional;
  if (action === 'list') return pending(ctx, 'deposit');
  if (!isId(id) || (action !== 'approve' && action !== 'reject')) return usage(ctx);
  if (action === 'approve') {
    const done = await completeDeposit(ctx.db, id, ctx.now());
    ctx.out(done ? `Deposit ${id} approved: credited.` : `No pending deposit ${id}.`);
    return done ? EXIT_OK : EXIT_REFUSED;
  }
  const reason = args.options.get('reason')?.trim() || null;
  if (reason && reason.length > 500) return usage(ctx, 'The reason can be at most 500 characters.');
  const done = await closeDeposit(ctx.db, id, 'failed', reason);
  ctx.out(done ? `Deposit ${id} rejected: marked failed.` : `No pending deposit ${id}.`);
  return done ? EXIT_OK : EXIT_REFUSED;
}

async function earnings(ctx: OperatorContext, args: Parsed): Promise<number> {
  if (args.positional[1] !== 'run') return usage(ctx);
  const date = args.options.get('date');
  const now = ctx.now();
  if (date === undefined) {
    const summary = await runEarningsJob(ctx.db, { now });
    ctx.out(`Rents ended: ${summary.rentsEnded}. Rent ending notices: ${summary.rentEndingNotices}.`);
    for (const line of table(
      ['DAY', 'CREDITED', 'PAUSED'],
      summary.days.map((day) => [day.date, String(day.credited), String(day.paused)]),
    ))
      ctx.out(line);
    return EXIT_OK;
  }
  if (!isUtcDate(date)) return usage(ctx, `Not a date: ${date} (use YYYY-MM-DD).`);
  try {
    const summary = await runEarnings(ctx.db, { date, now });
    ctx.out(`${summary.date}: ${summary.credited} credited, ${summary.paused} paused.`);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof RangeError) {
      ctx.out(error.message);
      return EXIT_REFUSED;
    }
    throw error;
  }
}

async function broadcast(ctx: OperatorContext, args: Parsed): Promise<number> {
  const title = args.options.get('title')?.trim() ?? '';
  const body = args.options.get('body')?.trim() ?? '';
  if (!title || title.length > TITLE_MAX_LENGTH || body.length > BODY_MAX_LENGTH) {
    return usage(ctx, `A broadcast needs --title (1-${TITLE_MAX_LENGTH} characters) and --body (up to ${BODY_MAX_LENGTH}).`);
  }
  const sent = await ctx.db.transaction().execute(async (trx) => {
    // The same words for everyone, as given: one statement for all users.
    const inserted = await trx
      .insertInto('notifications')
      .columns(['user_id', 'kind', 'title', 'body', 'date_created'])
      .expression((eb) =>
        eb
          .selectFrom('users')
          .select([
            'id',
            sql.lit('broadcast').as('kind'),
            sql<string>`${title}::text`.as('title'),
            sql<string>`${body}::text`.as('body'),
            sql<Date>`${ctx.now()}::timestamptz`.as('date_created'),
          ])
          .where('deleted_at', 'is', null),
      )
      .executeTakeFirst();
    await trx
      .updateTable('users')
      .set({ unread_message_count: sql`unread_message_count + 1` })
      .where('deleted_at', 'is', null)
      .execute();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n);
  });
  ctx.out(`Broadcast sent to ${sent} users.`);
  return EXIT_OK;
}

function usage(ctx: Pick<OperatorContext, 'out'>, problem?: string): number {
  if (problem) ctx.out(problem);
  for (const line of USAGE.split('\n')) ctx.out(line);
  return EXIT_USAGE;
}

const COMMANDS = ['withdrawals', 'deposits', 'earnings', 'broadcast'];

/** Whether the command line names a command that needs the database (help and typos do not). */
export function needsDatabase(argv: string[]): boolean {
  return COMMANDS.includes(argv.find((argument) => !argument.startsWith('--')) ?? '');
}

/** The answer to a command line that needs no database: the usage, exit 0 for help, 2 otherwise. */
export function answerWithoutDatabase(argv: string[], out: (line: string) => void): number {
  const command = argv.find((argument) => !argument.startsWith('--'));
  const problem = command === undefined || command === 'help' ? undefined : `Unknown command: ${command}`;
  const code = usage({ out }, problem);
  return problem ? code : EXIT_OK;
}

/** Runs one command line (without the program name); answers the exit code. */
export async function runOperatorCommand(ctx: OperatorContext, argv: string[]): Promise<number> {
  const args = parseArguments(argv);
  if (!args) return usage(ctx, 'An option is missing its value.');
  switch (args.positional[0]) {
    case 'withdrawals':
      return withdrawals(ctx, args);
    case 'deposits':
      return deposits(ctx, args);
    case 'earnings':
      return earnings(ctx, args);
    case 'broadcast':
      return broadcast(ctx, args);
    default:
      return answerWithoutDatabase(args.positional, ctx.out);
  }
}
