/**
 * The end of every way in (password, emailed code, Telegram, two-factor): a token and
 * the user, or, when two-factor is on and not yet passed, a challenge instead. A
 * successful sign-in emails a "new sign-in" notice unless it is the first one after
 * signing up.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SignInResult, UserData } from '../../contracts/auth.ts';
import type { UserRow } from '../db/schema.ts';
import { composeMail } from '../mail/templates.ts';
import { createSession } from '../repositories/auth-tokens-repository.ts';
import { toAccount, toUser } from '../repositories/users-repository.ts';
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

async function issueSession(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  options: SignInOptions,
): Promise<UserData> {
  const { token, hash } = generateToken();
  const userAgent = request.headers['user-agent'] ?? null;
  await createSession(app.db, {
    userId: user.id,
    tokenHash: hash,
    ttlDays: app.config.tokenTtlDays,
    userAgent: userAgent ?? undefined,
    ip: request.ip,
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
  return { token, user: toUser(toAccount(user)) };
}
