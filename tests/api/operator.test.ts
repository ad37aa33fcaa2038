import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { runOperatorCommand, table, type OperatorContext } from '../../server/operator/commands.ts';
import { key, minerId, fund, newCustomer, useMiningTestApp } from './helpers/mining.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the listening server serves the console (the test's own, short enough for a Unix socket). */
const socketPath = path.join(tmpdir(), `hh-operator-${randomBytes(4).toString('hex')}.sock`);

const t = useMiningTestApp({ env: { OPERATOR_SOCKET: socketPath, EARNINGS_JOB: 'off' } });
let lines: string[];
let ctx: OperatorContext;
beforeAll(async () => {
  lines = [];
  ctx = { db: t.db, now: () => t.clock.now(), out: (line) => lines.push(line) };
});

const run = async (...argv: string[]) => {
  lines.length = 0;
  return runOperatorCommand(ctx, argv);
};

describe('npm run operator', () => {
  it('broadcasts a notification, worded as given, to every user', async () => {
    const a = await newCustomer(t, 'listener', { language: 'de' });
    const gone = await newCustomer(t, 'gone');
    await t.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();
    const users = Number(
      (await t.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('deleted_at', 'is', null).executeTakeFirstOrThrow()).n,
    );
    const title = 'Maintenance on Sunday';
    const body = 'Payouts for Sunday arrive on Monday. {not a placeholder} <b>not HTML</b>';
    expect(await run('broadcast', '--title', title, '--body', body)).toBe(0);
    expect(lines).toEqual([`Broadcast sent to ${users} users.`]);
    const received = await t.db
      .selectFrom('notifications')
      .select(['kind', 'title', 'body', 'creator_id'])
      .where('user_id', '=', a.id)
      .execute();
    expect(received).toEqual([{ kind: 'broadcast', title, body, creator_id: null }]);
    expect((await t.db.selectFrom('notifications').select('id').where('user_id', '=', gone.id).execute()).length).toBe(0);
    const unread = await t.db.selectFrom('users').select('unread_message_count').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(unread.unread_message_count).toBe(1);
  });

  it('refuses a broadcast without a title', async () => {
    expect(await run('broadcast', '--body', 'No title')).toBe(2);
    expect(await run('broadcast', '--title', 'x'.repeat(201), '--body', 'Too long')).toBe(2);
  });

  it('runs the earnings job for a date, and refuses dates that are not finished days', async () => {
    const customer = await newCustomer(t, 'opminer');
    await fund(t, customer, 'USDT', '4000');
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/user-miners/',
      headers: customer.headers,
      payload: { miner: await minerId(t.db, 'S21 200T'), ownership_type: 'own', idempotency_key: key() },
    });
    await t.db
      .updateTable('user_miners')
      .set({ started_at: new Date('2026-01-01T00:00:00Z') })
      .where('id', '=', String(bought.json<{ id: number }>().id))
      .execute();
    expect(await run('earnings', 'run', '--date', '2026-01-02')).toBe(0);
    expect(lines).toEqual(['2026-01-02: 1 credited, 0 paused.']);
    expect(await run('earnings', 'run', '--date=2026-01-02')).toBe(0);
    expect(lines).toEqual(['2026-01-02: 0 credited, 0 paused.']);
    expect(await run('earnings', 'run', '--date', '2026-02-30')).toBe(2);
    expect(await run('earnings', 'run', '--date', '2999-01-01')).toBe(1);
    expect(lines[0]).toMatch(/has not ended yet/);
    expect(await run('earnings', 'run')).toBe(0);
    expect(lines[0]).toMatch(/^Rents ended: \d+\. Rent ending notices: \d+\.$/);
    expect(lines[1]).toMatch(/^DAY\s+CREDITED\s+PAUSED$/);
    expect(lines).toHaveLength(2 + 1 + 7);
  });

  it('says when there is nothing to review', async () => {
    expect(await run('withdrawals', 'list')).toBe(0);
    expect(lines).toEqual(['No pending withdrawals.']);
    expect(await run('deposits', 'approve', '424242')).toBe(1);
  });

  it('prints plain tables', () => {
    expect(table(['ID', 'NAME'], [['1', 'alpha'], ['22', 'b']])).toEqual(['ID  NAME', '--  -----', '1   alpha', '22  b']);
  });

  it('is a script of package.json that runs as its own process, through a running server’s socket', async () => {
    const scripts = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.operator).toBe('node server/operator.ts');
    // The server's database is in memory: only the server can reach it, through its socket.
    const customer = await newCustomer(t, 'remote');
    await fund(t, customer, 'USDT', '100');
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/transactions/',
      headers: customer.headers,
      payload: { type: 'withdrawal', currency: 'USDT', amount: '20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    });
    const withdrawalId = requested.json<{ id: number }>().id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // onListen hooks finish after listen() resolves.
    await expect.poll(() => stat(socketPath).then((file) => file.mode & 0o777, () => null)).toBe(0o600);

    const env = { ...process.env, DATABASE_URL: 'memory://', OPERATOR_SOCKET: socketPath, LOG_LEVEL: 'silent' };
    const exec = promisify(execFile);
    const listed = await exec(process.execPath, ['server/operator.ts', 'withdrawals', 'list'], { cwd: root, env });
    expect(listed.stdout).toContain(customer.username);
    const approved = await exec(process.execPath, ['server/operator.ts', 'withdrawals', 'approve', String(withdrawalId)], {
      cwd: root,
      env,
    });
    expect(approved.stdout).toBe(`Withdrawal ${withdrawalId} approved: marked as sent.\n`);
    const again = await exec(process.execPath, ['server/operator.ts', 'withdrawals', 'approve', String(withdrawalId)], {
      cwd: root,
      env,
    }).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(again).toMatchObject({ code: 1, stdout: `No pending withdrawal ${withdrawalId}.\n` });
    const wrong = await exec(process.execPath, ['server/operator.ts', 'launch'], { cwd: root, env }).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(wrong?.code).toBe(2);
    expect(wrong?.stdout).toContain('Usage: npm run operator');
  });
});
