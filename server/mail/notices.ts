/** Security notices: what just happened to an account, emailed after the answer. */
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../src/i18n/locales.ts';
import { composeMail, type NoticeMailKind } from './templates.ts';

export interface NoticeRecipient {
  email: string | null;
  username: string;
  language: Locale;
}

export function sendSecurityNotice(app: FastifyInstance, user: NoticeRecipient, kind: NoticeMailKind): void {
  if (!user.email) return;
  app.mailer.sendLater(
    composeMail(
      { email: user.email, username: user.username, language: user.language },
      { kind, time: app.clock.now() },
    ),
  );
}
