/**
 * The customer-facing ledger: GET /api/transactions/ (newest first, filters type, status
 * and currency), POST /api/transactions/ (a deposit or a withdrawal) and
 * POST /api/transactions/verify/ (ask the gateway about pending deposits).
 *
 * Every line explains itself: `description` is the sentence in the request's language;
 * `description_key` and `description_params` are the dictionary key and values it was
 * made from, for a client that formats dates and numbers itself.
 */
import { Type, type Static } from 'typebox';
import { DecimalString, errorsFor, Id, Nullable, Paginated, PaginationQuery } from './common.ts';
import { ConflictError, IdempotencyKey } from './user-miners.ts';

export const TransactionType = Type.Enum(
  ['deposit', 'withdrawal', 'purchase', 'rent', 'earning', 'fee', 'referral_commission', 'refund'],
  { description: 'What moved the money' },
);
export type TransactionType = Static<typeof TransactionType>;

export const TransactionStatus = Type.Enum(['pending', 'completed', 'failed', 'cancelled'], {
  description:
    'pending: a deposit waiting for its payment, or a withdrawal waiting for the operator; completed: done; ' +
    'failed: a deposit whose payment did not arrive; cancelled: a withdrawal that was rejected (see its refund), ' +
    'or a deposit whose payment instructions expired',
});
export type TransactionStatus = Static<typeof TransactionStatus>;

export const Currency = Type.Enum(['USDT', 'BTC', 'LTC', 'KAS']);
export type Currency = Static<typeof Currency>;

export const PaymentInstructions = Type.Object(
  {
    address: Type.String({ description: 'Where to send the payment' }),
    amount: DecimalString(),
    currency: Type.String(),
    memo: Type.String({ description: 'Reference to include with the payment' }),
    expires_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type PaymentInstructions = Static<typeof PaymentInstructions>;

export const Transaction = Type.Object(
  {
    id: Id,
    type: TransactionType,
    status: TransactionStatus,
    currency: Type.String({ examples: ['USDT'] }),
    amount: DecimalString({ description: 'Signed, as it changes the balance: + credit, - debit (8 decimals)' }),
    fee: DecimalString({ description: 'Network fee of a withdrawal, taken on top of the amount; 0 otherwise' }),
    description: Type.String({ description: 'What this line is, in the request language' }),
    description_key: Type.String(),
    description_params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
    user_miner_id: Nullable(Id),
    miner_id: Nullable(Id),
    related_transaction_id: Nullable(Id, 'A refund’s withdrawal, a commission’s purchase'),
    address: Nullable(Type.String(), 'Destination of a withdrawal'),
    payment_instructions: Nullable(PaymentInstructions, 'How to pay a deposit'),
    test_mode: Nullable(Type.Boolean(), 'Deposits: true when made through the sandbox (no real money)'),
    status_reason: Nullable(Type.String(), 'Why the operator rejected it'),
    earning_date: Nullable(Type.String({ format: 'date' }), 'The UTC day an earning or fee is for'),
    created_at: Type.String({ format: 'date-time' }),
    completed_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);
export type Transaction = Static<typeof Transaction>;

export const TransactionsQuery = Type.Object({
  ...PaginationQuery.properties,
  type: Type.Optional(TransactionType),
  status: Type.Optional(TransactionStatus),
  currency: Type.Optional(Currency),
});
export type TransactionsQuery = Static<typeof TransactionsQuery>;

export const TransactionList = Paginated(Transaction, 'Your ledger, newest first');
export type TransactionList = Static<typeof TransactionList>;

/** An amount as typed: validated by the server per currency (decimals, minimum, maximum). */
const AmountText = Type.String({
  minLength: 1,
  maxLength: 40,
  description: 'Decimal string greater than 0, at most the currency’s decimals (USDT 6, coins 8), below 1e12',
  examples: ['100', '0.0015'],
});

export const CreateTransactionRequest = Type.Object(
  {
    type: Type.Enum(['deposit', 'withdrawal']),
    currency: Currency,
    amount: AmountText,
    address: Type.Optional(
      Type.String({ minLength: 1, maxLength: 128, description: 'Withdrawals: the destination address for the coin' }),
    ),
    code: Type.Optional(
      Type.String({ minLength: 1, maxLength: 32, description: 'Withdrawals: the two-factor code, when it is on' }),
    ),
    idempotency_key: Type.Optional(IdempotencyKey),
  },
  {
    additionalProperties: false,
    description:
      'A deposit: {type: "deposit", currency: USDT or BTC, amount}. A withdrawal: {type: "withdrawal", currency, ' +
      'amount, address, code?}; the amount plus the network fee is reserved at once.',
  },
);
export type CreateTransactionRequest = Static<typeof CreateTransactionRequest>;

export const VerifyDepositsResult = Type.Object(
  {
    completed: Type.Integer({ minimum: 0, description: 'Deposits found paid and credited by this call' }),
    pending: Type.Integer({ minimum: 0, description: 'Deposits still waiting for their payment' }),
  },
  { additionalProperties: false },
);
export type VerifyDepositsResult = Static<typeof VerifyDepositsResult>;

export const listTransactions = {
  method: 'GET',
  url: '/api/transactions/',
  schema: {
    summary: 'Your ledger, newest first',
    tags: ['transactions'],
    security: [{ bearerAuth: [] }],
    querystring: TransactionsQuery,
    response: { 200: TransactionList, ...errorsFor(400, 401) },
  },
} as const;

export const createTransaction = {
  method: 'POST',
  url: '/api/transactions/',
  schema: {
    summary: 'Start a deposit or request a withdrawal',
    description:
      'Deposit: 201 with a pending deposit and the gateway’s payment instructions. Withdrawal: checks the ' +
      'address, the minimum and the two-factor code (when on), reserves amount + fee at once and answers 201 ' +
      'with the pending withdrawal, which waits for the operator. With an idempotency_key, a repeat answers 200 ' +
      'with the first transaction (409 if the request differs).',
    tags: ['transactions'],
    security: [{ bearerAuth: [] }],
    body: CreateTransactionRequest,
    response: { 201: Transaction, 200: Transaction, 409: ConflictError, ...errorsFor(400, 401, 413, 415) },
  },
} as const;

export const verifyDeposits = {
  method: 'POST',
  url: '/api/transactions/verify/',
  schema: {
    summary: 'Ask the payment gateway about your pending deposits; credits the paid ones',
    tags: ['transactions'],
    security: [{ bearerAuth: [] }],
    response: { 200: VerifyDepositsResult, ...errorsFor(401) },
  },
} as const;
