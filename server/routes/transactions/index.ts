/**
 * The ledger: GET /api/transactions/, POST /api/transactions/ (deposit or withdrawal)
 * and POST /api/transactions/verify/.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  createTransaction,
  listTransactions,
  verifyDeposits as verifyDepositsRoute,
  type CreateTransactionRequest,
} from '../../../contracts/transactions.ts';
import { compare } from '../../../src/lib/money.ts';
import { acceptSecondFactor } from '../../auth/two-factor.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TransactionRow } from '../../db/mining-schema.ts';
import { ApiError, type FieldMessages } from '../../lib/api-error.ts';
import { paginate } from '../../lib/pagination.ts';
import { signedInUser } from '../../plugins/auth.ts';
import {
  addressProblem,
  amountProblem,
  currencyRules,
  depositCurrencies,
  formatAmount,
  type Currency,
} from '../../money/currencies.ts';
import { balanceOf } from '../../money/ledger.ts';
import {
  findTransaction,
  findTransactionByKey,
  toTransaction,
  transactionsCount,
  transactionsQuery,
} from '../../repositories/transactions-repository.ts';
import { startDeposit, verifyDeposits } from '../../services/deposits.ts';
import { requestWithdrawal, withdrawalTotal } from '../../services/withdrawals.ts';

/** Whether a stored transaction is what this request asks for (an idempotent repeat). */
function sameRequest(row: TransactionRow, body: CreateTransactionRequest): boolean {
  return (
    row.type === body.type &&
    row.currency === body.currency &&
    compare(row.amount.replace(/^-/, ''), body.amount) === 0 &&
    (row.address ?? undefined) === body.address
  );
}

/** Every problem of the request at once, as field errors. */
function checkRequest(body: CreateTransactionRequest): FieldMessages {
  const fields: FieldMessages = {};
  const currency = body.currency as Currency;
  const amount = amountProblem(body.amount, currency);
  if (amount) fields.amount = [amount];
  if (body.type === 'deposit') {
    if (!(depositCurrencies as readonly string[]).includes(currency)) {
      fields.currency = [{ key: 'error.depositCurrency', params: { currencies: depositCurrencies.join(', ') } }];
    }
    if (body.address !== undefined) fields.address = [{ key: 'error.withdrawalOnly' }];
    if (body.code !== undefined) fields.code = [{ key: 'error.withdrawalOnly' }];
    return fields;
  }
  const rules = currencyRules[currency];
  if (!amount && compare(body.amount, rules.withdrawalMinimum) < 0) {
    fields.amount = [{ key: 'error.withdrawalMinimum', params: { minimum: rules.withdrawalMinimum, currency } }];
  }
  if (body.address === undefined) fields.address = [{ key: 'error.required' }];
  else {
    const address = addressProblem(body.address.trim(), currency);
    if (address) fields.address = [address];
  }
  return fields;
}

const transactionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** Two-factor for a withdrawal: brute force is stopped per address and per account. */
  const checkSecondFactor = async (request: FastifyRequest, userId: string, code: string | undefined) => {
    if (code === undefined || code.trim() === '') throw ApiError.fields({ code: [{ key: 'error.totpRequired' }] });
    const byIp = await app.rateLimits.consume('codeCheckPerIp', request.ip);
    const byAccount = await app.rateLimits.consume('codeCheckPerIp', `withdrawal-account:${userId}`);
    if (!(await acceptSecondFactor(app, userId, code))) throw ApiError.fields({ code: [{ key: 'error.totpInvalid' }] });
    await byIp.refund();
    await byAccount.refund();
  };

  app.route({
    ...listTransactions,
    onRequest: app.authenticate,
    handler: async (request) => {
      const user = signedInUser(request);
      const { limit: _limit, offset: _offset, ...filters } = request.query;
      const page = await paginate(
        request,
        transactionsQuery(app.db, user.id, filters),
        transactionsCount(app.db, user.id, filters),
      );
      return { ...page, results: page.results.map((row) => toTransaction(row, request.t)) };
    },
  });

  app.route({
    ...createTransaction,
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      const user = signedInUser(request);
      const body = request.body;
      const now = app.clock.now();
      const repeat = async () => {
        if (!body.idempotency_key) return null;
        const earlier = await findTransactionByKey(app.db, user.id, body.idempotency_key);
        if (!earlier) return null;
        if (!sameRequest(earlier, body)) throw ApiError.detail(409, 'error.idempotencyConflict');
        return reply.code(200).send(toTransaction(earlier, request.t));
      };
      const earlier = await repeat();
      if (earlier) return earlier;

      const fields = checkRequest(body);
      if (Object.keys(fields).length > 0) throw ApiError.fields(fields);
      const currency = body.currency as Currency;

      let id: string;
      try {
        if (body.type === 'deposit') {
          id = await startDeposit(app.db, app.paymentGateway, {
            userId: user.id,
            currency,
            amount: body.amount,
            idempotencyKey: body.idempotency_key,
            now,
          });
        } else {
          // Checked before the code is, so a refusal does not use up the customer's code;
          // the debit itself checks again, atomically.
          const total = withdrawalTotal(currency, body.amount);
          const balance = await balanceOf(app.db, user.id, currency);
          if (compare(balance, total) < 0) {
            throw ApiError.detail(400, 'error.insufficientFunds', {
              amount: formatAmount(total),
              currency,
              balance: formatAmount(balance),
            });
          }
          if (user.totp_enabled) await checkSecondFactor(request, user.id, body.code);
          id = await requestWithdrawal(app.db, {
            userId: user.id,
            currency,
            amount: body.amount,
            address: body.address!.trim(),
            idempotencyKey: body.idempotency_key,
            now,
          });
        }
      } catch (error) {
        // The same key sent twice at once: the first one won; answer with it.
        if (isUniqueViolation(error)) {
          const winner = await repeat();
          if (winner) return winner;
        }
        throw error;
      }
      const row = await findTransaction(app.db, user.id, id);
      if (!row) throw new Error(`transaction ${id} vanished`);
      return reply.code(201).send(toTransaction(row, request.t));
    },
  });

  app.route({
    ...verifyDepositsRoute,
    onRequest: app.authenticate,
    handler: async (request) =>
      verifyDeposits(app.db, app.paymentGateway, signedInUser(request).id, app.clock.now()),
  });
};

export default transactionRoutes;
