/**
 * The end of every way in (password, emailed code, Telegram, two-factor): a token and
 * the user, or, when two-factor is on and not yet passed, a challenge instead. A
 * successful sign-in emails a "new sign-in" notice and adds a new_sign_in notification
 * (naming the device and the address), unless it is the first one after signing up.
 */
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SignInResult, UserData } from '../../contracts/auth.ts';
import type { MessageKey, MessageParams } from '../../src/i18n/index.ts';
import { describeUserAgent } from '../../src/lib/user-agent.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/in-transaction.ts';
import type { UserRow } from '../db/schema.ts';
import { composeMail } from '../mail/templates.ts';
import { notify } from '../notifications/notify.ts';
import { createSession } from '../repositories/auth-tokens-repository.ts';
import { findUserById, toAccount, toUser } from '../repositories/users-repository.ts';
import { generateToken } from './tokens.ts';
import { issueChallenge } from './two-factor.ts';

export interface SignInOptions {
  /** Email the new-sign-in notice (not for the sign-in that completes a signup). */
  notify: boolean;
  /** The second factor was just passed. */
  secondFactorPassed?: boolean;
}

export async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  options: SignInOptions,
): Promise<SignInResult> {
  if (user.totp_secret && !options.secondFactorPassed) {
    return { two_factor_required: true, challenge: await issueChallenge(app, user.id) };
  }
  return issueSession(app, request, user, options);
}

/** The new_sign_in notification: the device by name, the address, or "unknown" in the user's words. */
function notifySignIn(trx: Db, userId: string, userAgent: string | null, ip: string | undefined): Promise<void> {
  const device = describeUserAgent(userAgent);
  const address = ip && isIP(ip) ? ip : null;
  const params: MessageParams = {};
  const localParams: Record<string, MessageKey> = {};
  if (device) params.device = device;
  else localParams.device = 'mail.unknownDevice';
  if (address) params.ip = address;
  else localParams.ip = 'mail.unknownIp';
  return notify(trx, userId, 'new_sign_in', params, { localParams });
}

async function issueSession(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  options: SignInOptions,
): Promise<UserData> {
  const { token, hash } = generateToken();
  const userAgent = request.headers['user-agent'] ?? null;
  await inTransaction(app.db, async (trx) => {
    await createSession(trx, {
      userId: user.id,
      tokenHash: hash,
      ttlDays: app.config.tokenTtlDays,
      userAgent: userAgent ?? undefined,
      ip: request.ip,
    });
    if (options.notify) await notifySignIn(trx, user.id, userAgent, request.ip);
  });
  if (options.notify && user.email) {
    app.mailer.sendLater(
      composeMail(
        { email: user.email, username: user.username, language: user.language },
        {
          kind: 'newSignIn',
          time: app.clock.now(),
          userAgent: userAgent?.slice(0, 200) ?? null,
          ip: request.ip ?? null,
        },
      ),
    );
  }
  // Read again after a notification: the bell count in the answer includes it.
  const current = options.notify ? ((await findUserById(app.db, user.id)) ?? user) : user;
  return { token, user: toUser(toAccount(current)) };
}
