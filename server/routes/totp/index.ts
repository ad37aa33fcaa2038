/**
 * Two-factor authentication: POST /api/enable_totp/ (a new key, pending),
 * /api/verify_totp/ (a code of it turns it on; answers recovery codes) and
 * /api/disable_totp/ (a code turns it off). Secrets are sealed at rest. Turning it on
 * or off emails a notice and adds a notification.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import QRCode from 'qrcode';
import { disableTotp, enableTotp, verifyTotp } from '../../../contracts/totp.ts';
import { seal, unseal } from '../../auth/secret-box.ts';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, totpUri } from '../../auth/totp.ts';
import { acceptSecondFactor } from '../../auth/two-factor.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import { ApiError } from '../../lib/api-error.ts';
import { sendSecurityNotice } from '../../mail/notices.ts';
import { notify } from '../../notifications/notify.ts';
import { signedInUser } from '../../plugins/auth.ts';
import {
  activateTotp,
  deactivateTotp,
  setPendingTotpSecret,
  totpState,
} from '../../repositories/two-factor-repository.ts';

const invalidCode = () => ApiError.fields({ code: [{ key: 'error.totpInvalid' }] });

const totpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...enableTotp,
    onRequest: app.authenticate,
    handler: async (request) => {
      const user = signedInUser(request);
      if (user.totp_enabled) throw ApiError.detail(400, 'error.totpAlreadyOn');
      const secret = newTotpSecret();
      await setPendingTotpSecret(app.db, user.id, seal((await app.keys()).totpSecrets, secret));
      const uri = totpUri(secret, user.email ?? user.username);
      return { secret, otpauth_uri: uri, qr_svg: await QRCode.toString(uri, { type: 'svg', margin: 2 }) };
    },
  });

  app.route({
    ...verifyTotp,
    onRequest: app.authenticate,
    handler: async (request) => {
      const user = signedInUser(request);
      if (user.totp_enabled) throw ApiError.detail(400, 'error.totpAlreadyOn');
      const state = await totpState(app.db, user.id);
      if (!state?.totp_pending_secret) throw ApiError.detail(400, 'error.totpNotStarted');

      const attempt = await app.rateLimits.consume('codeCheckPerIp', request.ip);
      const keys = await app.keys();
      const secret = unseal(keys.totpSecrets, state.totp_pending_secret);
      if (!secret) throw ApiError.detail(400, 'error.totpNotStarted');
      const step = matchTotp(secret, request.body.code.trim(), app.clock.now());
      if (step === null) throw invalidCode();
      await attempt.refund();

      const codes = newRecoveryCodes();
      const hashes = codes.map((code) => hashRecoveryCode(keys.codes, user.id, code));
      // The step of this code is recorded as used: it cannot sign in a second time.
      const pendingSecret = state.totp_pending_secret;
      const activated = await inTransaction(app.db, async (trx) => {
        if (!(await activateTotp(trx, user.id, pendingSecret, step, hashes))) return false;
        await notify(trx, user.id, 'two_factor_enabled');
        return true;
      });
      if (!activated) throw ApiError.detail(400, 'error.totpNotStarted');
      sendSecurityNotice(app, user, 'twoFactorEnabled');
      return { recovery_codes: codes };
    },
  });

  app.route({
    ...disableTotp,
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      const user = signedInUser(request);
      if (!user.totp_enabled) throw ApiError.detail(400, 'error.totpNotOn');
      const attempt = await app.rateLimits.consume('codeCheckPerIp', request.ip);
      if (!(await acceptSecondFactor(app, user.id, request.body.code))) throw invalidCode();
      await attempt.refund();
      await inTransaction(app.db, async (trx) => {
        await deactivateTotp(trx, user.id);
        await notify(trx, user.id, 'two_factor_disabled');
      });
      sendSecurityNotice(app, user, 'twoFactorDisabled');
      return reply.code(204).send(null);
    },
  });
};

export default totpRoutes;
