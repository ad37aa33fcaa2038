import { beforeAll, describe, expect, it } from 'vitest';
import type { Transaction, TransactionList, VerifyDepositsResult } from '../../contracts/transactions.ts';
import type { Wallet } from '../../contracts/wallet.ts';
import { totpCode } from '../../server/auth/totp.ts';
import { base58CheckEncode } from '../../server/money/addresses.ts';
import { currencyRules } from '../../server/money/currencies.ts';
import { runOperatorCommand, type OperatorContext } from '../../server/operator/commands.ts';
import { sandboxAddress } from '../../server/payments/sandbox-gateway.ts';
import { useTranslations } from '../../src/i18n/index.ts';
import {
  balance,
  fund,
  key,
  newCustomer,
  notificationsOf,
  type Customer,
  useMiningTestApp,
} from './helpers/mining.ts';

const en = useTranslations('en');
const ar = useTranslations('ar');

/** Real-world addresses with valid checksums (BIP 173/350 test vectors, the genesis block, USDT's own contract). */
const ADDRESSES = {
  BTC: [
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  ],
  LTC: [
    base58CheckEncode(Buffer.from([0x30, ...Array(20).fill(7)])),
    base58CheckEncode(Buffer.from([0x32, ...Array(20).fill(9)])),
  ],
  KAS: ['kaspa:qqj9fg59mptxkr9j0y53j5mwurcmda5mtza9n6v9pm9uj8h0wgk6uma5pvumr'],
  USDT: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
};

const t = useMiningTestApp();
let operatorLines: string[];
let operator: OperatorContext;
beforeAll(async () => {
  operatorLines = [];
  operator = { db: t.db, now: () => t.clock.now(), out: (line) => operatorLines.push(line) };
});

const post = (customer: Customer, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...customer.headers, ...headers } });
const get = (customer: Customer, url: string) => t.app.inject({ method: 'GET', url, headers: customer.headers });
const withdraw = (customer: Customer, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  post(customer, '/api/transactions/', { type: 'withdrawal', ...body }, headers);
const operatorRun = async (...argv: string[]) => {
  operatorLines.length = 0;
  return runOperatorCommand(operator, argv);
};

describe('deposits through the sandbox gateway', () => {
  it('gives payment instructions, then credits the deposit once the gateway reports it paid', async () => {
    const customer = await newCustomer(t, 'depositor');
    const created = await post(customer, '/api/transactions/', { type: 'deposit', currency: 'USDT', amount: '250.5' });
    expect(created.statusCode).toBe(201);
    const deposit = created.json<Transaction>();
    expect(deposit).toMatchObject({
      type: 'deposit',
      status: 'pending',
      currency: 'USDT',
      amount: '250.50000000',
      fee: '0.00000000',
      test_mode: true,
      completed_at: null,
      payment_instructions: {
        address: sandboxAddress('USDT'),
        amount: '250.5',
        currency: 'USDT',
        memo: expect.stringMatching(/^HH[0-9A-F]{12}$/),
      },
    });
    expect(deposit.description).toBe(en('transaction.depositTest', { reference: deposit.payment_instructions!.memo }));
    expect(await balance(t, customer, 'USDT')).toBe('0.00000000');

    // Not yet: the sandbox confirms after SANDBOX_CONFIRM_SECONDS (20).
    t.clock.advance(10_000);
    expect((await post(customer, '/api/transactions/verify/')).json<VerifyDepositsResult>()).toEqual({
      completed: 0,
      pending: 1,
    });
    expect(await balance(t, customer, 'USDT')).toBe('0.00000000');

    t.clock.advance(10_000);
    const verified = await post(customer, '/api/transactions/verify/');
    expect(verified.statusCode).toBe(200);
    expect(verified.json<VerifyDepositsResult>()).toEqual({ completed: 1, pending: 0 });
    expect(await balance(t, customer, 'USDT')).toBe('250.50000000');
    const [line] = (await get(customer, '/api/transactions/?type=deposit')).json<TransactionList>().results;
    expect(line).toMatchObject({ status: 'completed', completed_at: expect.any(String) });
    expect(await notificationsOf(t.db, customer)).toEqual([
      {
        kind: 'deposit_confirmed',
        title: en('notification.deposit_confirmed.title'),
        body: en('notification.deposit_confirmed.body', { amount: '250.50', currency: 'USDT' }),
      },
    ]);
    const user = await t.db.selectFrom('users').select('unread_message_count').where('id', '=', customer.id).executeTakeFirstOrThrow();
    expect(user.unread_message_count).toBe(1);

    // Verifying again credits nothing more.
    expect((await post(customer, '/api/transactions/verify/')).json()).toEqual({ completed: 0, pending: 0 });
    expect(await balance(t, customer, 'USDT')).toBe('250.50000000');
  });

  it('accepts BTC too, with its own sandbox address, and only USDT and BTC', async () => {
    const customer = await newCustomer(t, 'btcdep');
    const btc = await post(customer, '/api/transactions/', { type: 'deposit', currency: 'BTC', amount: '0.015' });
    expect(btc.statusCode).toBe(201);
    expect(btc.json<Transaction>().payment_instructions?.address).toBe(sandboxAddress('BTC'));
    expect(sandboxAddress('BTC')).not.toBe(sandboxAddress('USDT'));
    const ltc = await post(customer, '/api/transactions/', { type: 'deposit', currency: 'LTC', amount: '1' });
    expect(ltc.statusCode).toBe(400);
    expect(ltc.json()).toEqual({ currency: [en('error.depositCurrency', { currencies: 'USDT, BTC' })] });
  });

  it('credits a deposit once when the customer verifies while the operator approves it', async () => {
    const customer = await newCustomer(t, 'racing');
    const deposit = (await post(customer, '/api/transactions/', { type: 'deposit', currency: 'USDT', amount: '40' })).json<Transaction>();
    t.clock.advance(20_000);
    const [verified, approved] = await Promise.all([
      post(customer, '/api/transactions/verify/'),
      operatorRun('deposits', 'approve', String(deposit.id)),
    ]);
    expect(verified.statusCode).toBe(200);
    expect(approved === 0 || approved === 1).toBe(true);
    expect(await balance(t, customer, 'USDT')).toBe('40.00000000');
  });

  it('lets the operator list, approve and reject pending deposits', async () => {
    const customer = await newCustomer(t, 'opdep');
    const one = (await post(customer, '/api/transactions/', { type: 'deposit', currency: 'USDT', amount: '10' })).json<Transaction>();
    const two = (await post(customer, '/api/transactions/', { type: 'deposit', currency: 'BTC', amount: '0.01' })).json<Transaction>();
    expect(await operatorRun('deposits', 'list')).toBe(0);
    expect(operatorLines[0]).toMatch(/^ID\s+USER\s+CURRENCY\s+AMOUNT/);
    expect(operatorLines.some((line) => line.startsWith(`${one.id} `) && line.includes(customer.username))).toBe(true);

    expect(await operatorRun('deposits', 'approve', String(one.id))).toBe(0);
    expect(await operatorRun('deposits', 'approve', String(one.id))).toBe(1);
    expect(operatorLines).toEqual([`No pending deposit ${one.id}.`]);
    expect(await operatorRun('deposits', 'reject', String(two.id), '--reason', 'No payment arrived')).toBe(0);
    expect(await balance(t, customer, 'USDT')).toBe('10.00000000');
    expect(await balance(t, customer, 'BTC')).toBe('0.00000000');
    const rejected = (await get(customer, `/api/transactions/?currency=BTC`)).json<TransactionList>().results[0];
    expect(rejected).toMatchObject({ status: 'failed', status_reason: 'No payment arrived' });
  });
});

describe('withdrawals', () => {
  it('reserve amount + fee at once and wait for the operator', async () => {
    const customer = await newCustomer(t, 'withdrawer');
    await fund(t, customer, 'USDT', '100');
    const response = await withdraw(customer, { currency: 'USDT', amount: '50', address: ADDRESSES.USDT[0] });
    expect(response.statusCode).toBe(201);
    const withdrawal = response.json<Transaction>();
    expect(withdrawal).toMatchObject({
      type: 'withdrawal',
      status: 'pending',
      currency: 'USDT',
      amount: '-50.00000000',
      fee: '1.00000000',
      address: ADDRESSES.USDT[0],
      payment_instructions: null,
      description: en('transaction.withdrawal', {
        amount: '50.00',
        currency: 'USDT',
        address: ADDRESSES.USDT[0]!,
        fee: '1.00',
      }),
    });
    expect(await balance(t, customer, 'USDT')).toBe('49.00000000');
    const wallet = (await get(customer, '/api/wallet/')).json<Wallet>();
    expect(wallet.balances.find((b) => b.currency === 'USDT')).toEqual({
      currency: 'USDT',
      amount: '49.00000000',
      reserved: '51.00000000',
    });
    expect((await notificationsOf(t.db, customer)).map((n) => n.kind)).toEqual(['deposit_confirmed', 'withdrawal_requested']);
  });

  it('accept every address form of each coin and refuse mistyped ones', async () => {
    const customer = await newCustomer(t, 'addresses');
    await fund(t, customer, 'USDT', '10000');
    await fund(t, customer, 'BTC', '1');
    await fund(t, customer, 'LTC', '10');
    await fund(t, customer, 'KAS', '10000');
    const amounts = { USDT: '20', BTC: '0.0005', LTC: '0.05', KAS: '100' } as const;
    for (const [currency, addresses] of Object.entries(ADDRESSES) as [keyof typeof ADDRESSES, string[]][]) {
      for (const address of addresses) {
        const response = await withdraw(customer, { currency, amount: amounts[currency], address });
        expect(response.statusCode, `${currency} ${address}`).toBe(201);
      }
    }
    const wrong: Array<[keyof typeof ADDRESSES, string]> = [
      ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'], // one character off: checksum fails
      ['BTC', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'], // mixed case
      ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'],
      ['BTC', ADDRESSES.LTC[0]!], // another coin's address
      ['BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'], // testnet
      ['LTC', ADDRESSES.BTC[3]!],
      ['KAS', 'kaspa:qqj9fg59mptxkr9j0y53j5mwurcmda5mtza9n6v9pm9uj8h0wgk6uma5pvumq'],
      ['KAS', 'qqj9fg59mptxkr9j0y53j5mwurcmda5mtza9n6v9pm9uj8h0wgk6uma5pvumr'],
      ['USDT', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'],
      ['USDT', '0xdAC17F958D2ee523a2206206994597C13D831ec7'], // an ERC-20 address
      ['USDT', "T'; drop table transactions; --"],
    ];
    for (const [currency, address] of wrong) {
      const response = await withdraw(customer, { currency, amount: amounts[currency], address });
      expect(response.statusCode, `${currency} ${address}`).toBe(400);
      expect(response.json(), `${currency} ${address}`).toEqual({
        address: [en('error.addressInvalid', { currency, hint: currencyRules[currency].addressHint })],
      });
    }
  });

  it('refuse amounts below the minimum, with too many decimals, or not amounts at all', async () => {
    const customer = await newCustomer(t, 'minimums');
    await fund(t, customer, 'BTC', '1');
    await fund(t, customer, 'USDT', '100');
    const btc = ADDRESSES.BTC[0]!;
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ currency: 'BTC', amount: '0.0004', address: btc }, { amount: [en('error.withdrawalMinimum', { minimum: '0.0005', currency: 'BTC' })] }],
      [{ currency: 'USDT', amount: '19.99', address: ADDRESSES.USDT[0] }, { amount: [en('error.withdrawalMinimum', { minimum: '20', currency: 'USDT' })] }],
      [{ currency: 'BTC', amount: '0.123456789', address: btc }, { amount: [en('error.amountDecimals', { decimals: 8 })] }],
      [{ currency: 'USDT', amount: '20.1234567', address: ADDRESSES.USDT[0] }, { amount: [en('error.amountDecimals', { decimals: 6 })] }],
      [{ currency: 'BTC', amount: '-1', address: btc }, { amount: [en('error.amountPositive')] }],
      [{ currency: 'BTC', amount: '0', address: btc }, { amount: [en('error.amountPositive')] }],
      [{ currency: 'BTC', amount: '1e309', address: btc }, { amount: [en('error.amountFormat')] }],
      [{ currency: 'BTC', amount: 'NaN', address: btc }, { amount: [en('error.amountFormat')] }],
      [{ currency: 'BTC', amount: ' 1', address: btc }, { amount: [en('error.amountFormat')] }],
      [{ currency: 'BTC', amount: '1000000000000', address: btc }, { amount: [en('error.amountTooLarge', { max: '1000000000000' })] }],
      [{ currency: 'BTC', amount: 0.001, address: btc }, { amount: [en('error.type.string')] }],
      [{ currency: 'BTC', amount: '0.001' }, { address: [en('error.required')] }],
      [{ currency: 'DOGE', amount: '1', address: btc }, { currency: [en('error.enum', { values: 'USDT, BTC, LTC, KAS' })] }],
      [{ currency: 'BTC', amount: '0.001', address: btc, memo: 'x' }, { memo: [en('error.unknownField')] }],
      [{ currency: 'BTC', amount: '0.001', address: 'x'.repeat(129) }, { address: [en('error.maxLength', { limit: 128 })] }],
      [{ currency: 'BTC', amount: '9'.repeat(41), address: btc }, { amount: [en('error.maxLength', { limit: 40 })] }],
    ];
    for (const [body, errors] of cases) {
      const response = await withdraw(customer, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual(errors);
    }
    const typeWrong = await post(customer, '/api/transactions/', { type: 'refund', currency: 'BTC', amount: '1' });
    expect(typeWrong.json()).toEqual({ type: [en('error.enum', { values: 'deposit, withdrawal' })] });
    const arabic = await withdraw(customer, { currency: 'BTC', amount: '0.0001', address: btc }, { 'accept-language': 'ar' });
    expect(arabic.json()).toEqual({ amount: [ar('error.withdrawalMinimum', { minimum: '0.0005', currency: 'BTC' })] });
    expect(await balance(t, customer, 'BTC')).toBe('1.00000000');
  });

  it('refuse a withdrawal the balance cannot cover with its fee', async () => {
    const customer = await newCustomer(t, 'short');
    await fund(t, customer, 'BTC', '0.0005');
    const response = await withdraw(customer, { currency: 'BTC', amount: '0.0005', address: ADDRESSES.BTC[0] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: en('error.insufficientFunds', { amount: '0.0006', currency: 'BTC', balance: '0.0005' }),
    });
    expect(await balance(t, customer, 'BTC')).toBe('0.00050000');
  });

  it('never reserve more than the balance, however many are sent at once', async () => {
    const customer = await newCustomer(t, 'burst');
    await fund(t, customer, 'USDT', '100');
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => withdraw(customer, { currency: 'USDT', amount: '30', address: ADDRESSES.USDT[0] })),
    );
    // 31 USDT each (30 + 1 fee): three fit in 100.
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(responses.filter((r) => r.statusCode === 400)).toHaveLength(7);
    expect(await balance(t, customer, 'USDT')).toBe('7.00000000');
  });

  it('answer a repeated idempotency key with the first withdrawal', async () => {
    const customer = await newCustomer(t, 'idem');
    await fund(t, customer, 'USDT', '100');
    const body = { currency: 'USDT', amount: '25', address: ADDRESSES.USDT[0], idempotency_key: key() };
    const first = await withdraw(customer, body);
    const second = await withdraw(customer, body);
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(second.json<Transaction>().id).toBe(first.json<Transaction>().id);
    expect((await withdraw(customer, { ...body, amount: '26' })).statusCode).toBe(409);
    expect(await balance(t, customer, 'USDT')).toBe('74.00000000');
  });

  describe('with two-factor authentication on', () => {
    let customer: Customer;
    let secret: string;
    beforeAll(async () => {
      customer = await newCustomer(t, 'secure');
      await fund(t, customer, 'BTC', '0.01');
      secret = (await post(customer, '/api/enable_totp/')).json<{ secret: string }>().secret;
      const verified = await post(customer, '/api/verify_totp/', { code: totpCode(secret, t.clock.now()) });
      expect(verified.statusCode).toBe(200);
    });
    const nextCode = () => {
      // Each 30-second step's code is accepted once: move on to a fresh one.
      t.clock.advance(30_000);
      return totpCode(secret, t.clock.now());
    };

    it('need the code', async () => {
      const response = await withdraw(customer, { currency: 'BTC', amount: '0.001', address: ADDRESSES.BTC[0] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: [en('error.totpRequired')] });
      expect(await balance(t, customer, 'BTC')).toBe('0.01000000');
    });

    it('refuse a wrong code and take a right one, once', async () => {
      const wrong = await withdraw(customer, { currency: 'BTC', amount: '0.001', address: ADDRESSES.BTC[0], code: '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ code: [en('error.totpInvalid')] });
      const code = nextCode();
      const right = await withdraw(customer, { currency: 'BTC', amount: '0.001', address: ADDRESSES.BTC[0], code });
      expect(right.statusCode).toBe(201);
      const replay = await withdraw(customer, { currency: 'BTC', amount: '0.001', address: ADDRESSES.BTC[0], code });
      expect(replay.statusCode).toBe(400);
      expect(await balance(t, customer, 'BTC')).toBe('0.00890000');
    });

    it('do not use up the code on a withdrawal refused for its amount', async () => {
      const code = nextCode();
      const refused = await withdraw(customer, { currency: 'BTC', amount: '5', address: ADDRESSES.BTC[0], code });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe(en('error.insufficientFunds', { amount: '5.0001', currency: 'BTC', balance: '0.0089' }));
      const accepted = await withdraw(customer, { currency: 'BTC', amount: '0.001', address: ADDRESSES.BTC[0], code });
      expect(accepted.statusCode).toBe(201);
    });
  });
});

describe('the operator reviews withdrawals', () => {
  it('approving marks one sent; rejecting cancels it and refunds amount and fee', async () => {
    const customer = await newCustomer(t, 'reviewed');
    await fund(t, customer, 'LTC', '2');
    const a = (await withdraw(customer, { currency: 'LTC', amount: '0.5', address: ADDRESSES.LTC[0] })).json<Transaction>();
    const b = (await withdraw(customer, { currency: 'LTC', amount: '0.25', address: ADDRESSES.LTC[1] })).json<Transaction>();
    expect(await balance(t, customer, 'LTC')).toBe('1.24800000');

    expect(await operatorRun('withdrawals', 'list')).toBe(0);
    expect(operatorLines[0]).toMatch(/^ID\s+USER\s+CURRENCY\s+AMOUNT\s+FEE\s+ADDRESS\s+CREATED \(UTC\)$/);
    const row = operatorLines.find((line) => line.startsWith(`${a.id} `));
    expect(row).toContain(customer.username);
    expect(row).toContain('0.50000000');
    expect(row).toContain(ADDRESSES.LTC[0]);

    expect(await operatorRun('withdrawals', 'approve', String(a.id))).toBe(0);
    expect(operatorLines).toEqual([`Withdrawal ${a.id} approved: marked as sent.`]);
    expect(await operatorRun('withdrawals', 'reject', String(b.id), '--reason', 'Address on a sanctions list')).toBe(0);
    expect(operatorLines).toEqual([`Withdrawal ${b.id} rejected: amount and fee refunded.`]);
    // Neither can be reviewed twice.
    expect(await operatorRun('withdrawals', 'reject', String(a.id))).toBe(1);
    expect(await operatorRun('withdrawals', 'approve', String(b.id))).toBe(1);

    // 2 - (0.5 + 0.001) - (0.25 + 0.001) + (0.25 + 0.001) = 1.499
    expect(await balance(t, customer, 'LTC')).toBe('1.49900000');
    const lines = (await get(customer, '/api/transactions/?currency=LTC')).json<TransactionList>().results;
    expect(lines.map((line) => [line.type, line.status, line.amount])).toEqual([
      ['refund', 'completed', '0.25100000'],
      ['withdrawal', 'cancelled', '-0.25000000'],
      ['withdrawal', 'completed', '-0.50000000'],
      ['deposit', 'completed', '2.00000000'],
    ]);
    expect(lines[0]).toMatchObject({ related_transaction_id: b.id, description: en('transaction.refund', { withdrawal: b.id, total: '0.251', currency: 'LTC' }) });
    expect(lines[1]).toMatchObject({ status_reason: 'Address on a sanctions list' });
    const notes = await notificationsOf(t.db, customer);
    expect(notes.map((n) => n.kind)).toEqual([
      'deposit_confirmed',
      'withdrawal_requested',
      'withdrawal_requested',
      'withdrawal_approved',
      'withdrawal_rejected',
    ]);
    expect(notes[4]!.body).toBe(
      `${en('notification.withdrawal_rejected.body', { amount: '0.25', total: '0.251', currency: 'LTC', address: ADDRESSES.LTC[1]! })} ${en('notification.reason', { reason: 'Address on a sanctions list' })}`,
    );
  });

  it('approve and reject racing for one withdrawal: exactly one of them happens', async () => {
    const customer = await newCustomer(t, 'contested');
    await fund(t, customer, 'KAS', '500');
    const w = (await withdraw(customer, { currency: 'KAS', amount: '200', address: ADDRESSES.KAS[0] })).json<Transaction>();
    const codes = await Promise.all([
      runOperatorCommand({ ...operator, out: () => {} }, ['withdrawals', 'approve', String(w.id)]),
      runOperatorCommand({ ...operator, out: () => {} }, ['withdrawals', 'reject', String(w.id)]),
    ]);
    expect(codes.sort()).toEqual([0, 1]);
    const balanceAfter = await balance(t, customer, 'KAS');
    expect(['299.00000000', '500.00000000']).toContain(balanceAfter);
  });

  it('explains bad commands', async () => {
    expect(await operatorRun('withdrawals', 'approve')).toBe(2);
    expect(operatorLines.join('\n')).toContain('Usage: npm run operator');
    expect(await operatorRun('withdrawals', 'approve', 'abc')).toBe(2);
    expect(await operatorRun('launch')).toBe(2);
    expect(operatorLines[0]).toBe('Unknown command: launch');
    expect(await operatorRun('withdrawals', 'reject', '1', '--reason')).toBe(2);
  });
});

describe('GET /api/transactions/', () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await newCustomer(t, 'ledger');
    await fund(t, customer, 'USDT', '100');
    await fund(t, customer, 'BTC', '0.01');
    await withdraw(customer, { currency: 'USDT', amount: '20', address: ADDRESSES.USDT[0] });
  });
  const list = async (query = '') => (await get(customer, `/api/transactions/${query}`)).json<TransactionList>();

  it('lists newest first, ten to a page', async () => {
    const page = await list();
    expect(page.count).toBe(3);
    expect(page.results.map((line) => line.type)).toEqual(['withdrawal', 'deposit', 'deposit']);
  });

  it('filters by type, status and currency', async () => {
    expect((await list('?type=deposit')).count).toBe(2);
    expect((await list('?status=pending')).results.map((line) => line.type)).toEqual(['withdrawal']);
    expect((await list('?currency=BTC')).results.map((line) => line.amount)).toEqual(['0.01000000']);
    expect((await list('?type=deposit&currency=USDT&limit=1')).count).toBe(1);
    const bad = await get(customer, '/api/transactions/?type=gift&status=lost&currency=EUR');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['currency', 'status', 'type']);
  });

  it('shows nobody else’s lines', async () => {
    const stranger = await newCustomer(t, 'nosy');
    expect((await get(stranger, '/api/transactions/')).json<TransactionList>().count).toBe(0);
    expect((await post(stranger, '/api/transactions/verify/')).json()).toEqual({ completed: 0, pending: 0 });
  });

  it('needs a signed-in client', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/transactions/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/transactions/verify/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/wallet/' })).statusCode).toBe(401);
  });
});

describe('GET /api/wallet/', () => {
  it('lists every currency, the deposit options and the withdrawal rules the FAQ promises', async () => {
    const customer = await newCustomer(t, 'wallet');
    await fund(t, customer, 'BTC', '0.5');
    const wallet = (await get(customer, '/api/wallet/')).json<Wallet>();
    expect(wallet).toEqual({
      balances: [
        { currency: 'USDT', amount: '0.00000000', reserved: '0.00000000' },
        { currency: 'BTC', amount: '0.50000000', reserved: '0.00000000' },
        { currency: 'LTC', amount: '0.00000000', reserved: '0.00000000' },
        { currency: 'KAS', amount: '0.00000000', reserved: '0.00000000' },
      ],
      deposit: { currencies: ['USDT', 'BTC'], test_mode: true },
      withdrawal: {
        rules: [
          { currency: 'USDT', minimum: '20', fee: '1', decimals: 6, address_hint: 'TRC-20: T… (34 characters)' },
          { currency: 'BTC', minimum: '0.0005', fee: '0.0001', decimals: 8, address_hint: 'bc1…, 1… or 3…' },
          { currency: 'LTC', minimum: '0.05', fee: '0.001', decimals: 8, address_hint: 'ltc1…, L… or M…' },
          { currency: 'KAS', minimum: '100', fee: '1', decimals: 8, address_hint: 'kaspa:…' },
        ],
      },
    });
  });
});
