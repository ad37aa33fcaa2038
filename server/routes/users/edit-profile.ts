/**
 * PUT and PATCH /api/users/{id}/: names, username and language apply at once; a new
 * email waits as pending_email for the code sent to it; a new password needs the
 * current one (when the account has one), then signs out every other session, emails
 * a notice and adds a password_changed notification. Every field is checked before
 * anything changes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Updateable } from 'kysely';
import type { UpdateUserRequest, User } from '../../../contracts/users.ts';
import { issueCode } from '../../auth/one-time-codes.ts';
import { newPasswordProblem } from '../../auth/password-policy.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import type { UsersTable } from '../../db/schema.ts';
import { ApiError, type FieldMessages } from '../../lib/api-error.ts';
import { sendSecurityNotice } from '../../mail/notices.ts';
import { notify } from '../../notifications/notify.ts';
import { revokeAllSessions } from '../../repositories/auth-tokens-repository.ts';
import {
  emailTaken,
  findAccount,
  findUserById,
  toUser,
  usernameTaken,
  type AccountUser,
} from '../../repositories/users-repository.ts';

const RESERVED_USERNAME = /^deleted-/i;

export async function editProfile(
  app: FastifyInstance,
  request: FastifyRequest,
  user: AccountUser,
  changes: UpdateUserRequest,
): Promise<User> {
  const row = (await findUserById(app.db, user.id))!;
  const fields: FieldMessages = {};
  const update: Updateable<UsersTable> = {};

  if (changes.first_name !== undefined) update.first_name = changes.first_name.trim();
  if (changes.last_name !== undefined) update.last_name = changes.last_name.trim();
  if (changes.language !== undefined) update.language = changes.language;

  if (changes.username !== undefined && changes.username !== row.username) {
    // A new letter case of your own name is fine; someone else's name is not.
    const sameName = changes.username.toLowerCase() === row.username.toLowerCase();
    const taken = RESERVED_USERNAME.test(changes.username) || (await usernameTaken(app.db, changes.username, row.id));
    if (!sameName && taken) fields.username = [{ key: 'error.usernameTaken' }];
    else update.username = changes.username;
  }

  let newEmail: string | null = null;
  if (changes.email !== undefined) {
    if (changes.email.toLowerCase() === row.email?.toLowerCase()) {
      // Back to the current address: a pending change is dropped.
      if (row.pending_email) update.pending_email = null;
    } else if (await emailTaken(app.db, changes.email, row.id)) {
      fields.email = [{ key: 'error.emailTaken' }];
    } else {
      newEmail = changes.email;
    }
  }

  const wantsNewPassword = changes.new_password !== undefined;
  if (!wantsNewPassword && changes.current_password !== undefined) fields.new_password = [{ key: 'error.required' }];
  if (wantsNewPassword) {
    const problem = newPasswordProblem(changes.new_password!, {
      username: update.username ?? row.username,
      email: row.email ?? newEmail,
    });
    if (problem) fields.new_password = [problem];
    if (row.password_hash) {
      if (!changes.current_password) fields.current_password = [{ key: 'error.required' }];
      else {
        const attempt = await app.rateLimits.consume('loginPerAccount', `user:${row.id}`);
        if (await verifyPassword(changes.current_password, row.password_hash)) await attempt.refund();
        else fields.current_password = [{ key: 'error.currentPasswordWrong' }];
      }
    }
  }
  if (Object.keys(fields).length > 0) throw ApiError.fields(fields);

  if (newEmail) {
    // First, so a send within the cooldown (429) changes nothing.
    await issueCode(app, {
      purpose: 'email_change',
      email: newEmail,
      recipient: {
        userId: row.id,
        email: newEmail,
        username: update.username ?? row.username,
        language: update.language ?? row.language,
      },
      ip: request.ip,
    });
    update.pending_email = newEmail;
  }
  if (wantsNewPassword) update.password_hash = await hashPassword(changes.new_password!);

  if (Object.keys(update).length > 0) {
    try {
      await inTransaction(app.db, async (trx) => {
        await trx.updateTable('users').set(update).where('id', '=', row.id).execute();
        if (wantsNewPassword) {
          await revokeAllSessions(trx, row.id, request.tokenId);
          await notify(trx, row.id, 'password_changed');
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw ApiError.fields({ username: [{ key: 'error.usernameTaken' }] });
      throw error;
    }
  }
  const account = (await findAccount(app.db, row.id))!;
  if (wantsNewPassword) sendSecurityNotice(app, account, 'passwordChanged');
  return toUser(account);
}
