/**
 * Emailed one-time codes: 6 digits, valid 10 minutes and 5 wrong tries, only the newest
 * of an address and purpose, stored as a keyed hash. A code is "issued" even for an
 * address without an account (it is simply never sent), so the cooldown, the answers
 * and the checks behave the same either way: nothing tells which addresses exist.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CodePurpose } from '../db/schema.ts';
import { ApiError } from '../lib/api-error.ts';
import { composeMail, type CodeMailKind, type Recipient } from '../mail/templates.ts';
import { tooManyAttempts } from '../plugins/rate-limits.ts';
import {
  countFailedAttempt,
  latestCode,
  replaceCodes,
  useCode,
  type CodeScope,
} from '../repositories/one-time-codes-repository.ts';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_FAILED_ATTEMPTS = 5;
/** Seconds between two sends to one address (a send within it answers 429). */
export const CODE_RESEND_COOLDOWN_SECONDS = 60;

const mailKinds: Record<CodePurpose, CodeMailKind> = {
  signup: 'signupCode',
  login: 'loginCode',
  password_reset: 'resetCode',
  email_change: 'emailChangeCode',
};

export type CodeRow = NonNullable<Awaited<ReturnType<typeof latestCode>>>;

function hashCode(key: Buffer, purpose: CodePurpose, email: string, code: string): string {
  return createHmac('sha256', key).update(`${purpose}:${email.toLowerCase()}:${code}`).digest('hex');
}

export interface CodeRequest {
  purpose: CodePurpose;
  /** Where the code goes (for email_change: the new address). */
  email: string;
  /** The account, when the address has one the code may be sent to; null: issued, never sent. */
  recipient: (Recipient & { userId: string }) | null;
  ip: string;
  /** 'enforce' answers 429 within the cooldown; 'skip' quietly sends nothing then. */
  cooldown?: 'enforce' | 'skip' | 'ignore';
}

function scopeOf(purpose: CodePurpose, email: string, userId: string | null): CodeScope {
  return purpose === 'email_change' && userId ? { purpose, userId } : { purpose, email };
}

/** Issues a new code (and emails it to a recipient); answers the seconds until the next may be asked for. */
export async function issueCode(
  app: FastifyInstance,
  request: CodeRequest,
): Promise<{ resendAfter: number; sent: boolean }> {
  const now = app.clock.now();
  const scope = scopeOf(request.purpose, request.email, request.recipient?.userId ?? null);
  const cooldown = request.cooldown ?? 'enforce';
  if (cooldown !== 'ignore') {
    const previous = await latestCode(app.db, scope);
    const waited = previous ? (now.getTime() - previous.created_at.getTime()) / 1000 : Infinity;
    if (waited < CODE_RESEND_COOLDOWN_SECONDS) {
      const remaining = Math.ceil(CODE_RESEND_COOLDOWN_SECONDS - waited);
      if (cooldown === 'skip') return { resendAfter: remaining, sent: false };
      throw tooManyAttempts(remaining);
    }
  }
  await app.rateLimits.consume('codeSendPerIp', request.ip);
  await app.rateLimits.consume('codeSendPerEmail', request.email);

  const code = String(randomInt(1_000_000)).padStart(6, '0');
  const keys = await app.keys();
  await replaceCodes(app.db, scope, {
    purpose: request.purpose,
    email: request.email,
    userId: request.recipient?.userId ?? null,
    codeHash: hashCode(keys.codes, request.purpose, request.email, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
  });
  if (request.recipient) {
    app.mailer.sendLater(
      composeMail(
        { ...request.recipient, email: request.email },
        { kind: mailKinds[request.purpose], code, minutes: CODE_TTL_MINUTES },
      ),
    );
  }
  return { resendAfter: CODE_RESEND_COOLDOWN_SECONDS, sent: request.recipient !== null };
}

const wrongCode = () => ApiError.fields({ code: [{ key: 'error.codeInvalid' }] });
const deadCode = () => ApiError.fields({ code: [{ key: 'error.codeExpired' }] });

/**
 * Checks `code` against the newest code of the scope and answers that code's row, not yet
 * used (see `spendCode`); a wrong code counts a try. Code checks are rate-limited per IP
 * (only failures count).
 */
export async function checkCode(
  app: FastifyInstance,
  request: { purpose: CodePurpose; email: string; userId?: string; code: string; ip: string },
): Promise<CodeRow> {
  if (!/^\d{6}$/.test(request.code)) throw ApiError.fields({ code: [{ key: 'validation.code' }] });
  const attempt = await app.rateLimits.consume('codeCheckPerIp', request.ip);
  const now = app.clock.now();
  const row = await latestCode(app.db, scopeOf(request.purpose, request.email, request.userId ?? null));
  if (!row || row.email !== request.email.toLowerCase()) throw wrongCode();
  if (row.used_at || row.expires_at <= now || row.failed_attempts >= CODE_MAX_FAILED_ATTEMPTS) throw deadCode();

  const keys = await app.keys();
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(keys.codes, request.purpose, request.email, request.code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await countFailedAttempt(app.db, row.id);
    throw wrongCode();
  }
  await attempt.refund();
  return row;
}

/** Uses a checked code up; a code two requests raced for works for one of them only. */
export async function spendCode(app: FastifyInstance, row: CodeRow): Promise<void> {
  if (!(await useCode(app.db, row.id, app.clock.now()))) throw deadCode();
}
