/**
 * The emails the accounts send, in the recipient's language (dictionary keys `mail.*`):
 * codes, and security notices about what happened to the account.
 */
import { useTranslations, type Locale } from '../../src/i18n/index.ts';
import type { Mail } from './mailer.ts';

export type CodeMailKind = 'signupCode' | 'loginCode' | 'resetCode' | 'emailChangeCode';
export type NoticeMailKind = 'passwordChanged' | 'twoFactorEnabled' | 'twoFactorDisabled';

export type MailContent =
  | { kind: CodeMailKind; code: string; minutes: number }
  | { kind: 'newSignIn'; time: Date; userAgent: string | null; ip: string | null }
  | { kind: NoticeMailKind; time: Date };

export interface Recipient {
  email: string;
  username: string;
  language: Locale;
}

/** "21 November 2026 at 10:24 UTC", in the reader's language; UTC, since we do not know their zone. */
export function formatMailTime(time: Date, locale: Locale): string {
  const formatted = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
    time,
  );
  return `${formatted} UTC`;
}

export function composeMail(to: Recipient, content: MailContent): Mail {
  const t = useTranslations(to.language);
  let subject: string;
  let body: string;
  let closing: string;
  switch (content.kind) {
    case 'signupCode':
    case 'loginCode':
    case 'resetCode':
    case 'emailChangeCode':
      subject = t(`mail.${content.kind}.subject`, { code: content.code });
      body = t(`mail.${content.kind}.body`, { code: content.code });
      closing = `${t('mail.codeValidity', { minutes: content.minutes })}\n${t('mail.ignore')}`;
      break;
    case 'newSignIn':
      subject = t('mail.newSignIn.subject');
      body = t('mail.newSignIn.body', {
        time: formatMailTime(content.time, to.language),
        device: content.userAgent ?? t('mail.unknownDevice'),
        ip: content.ip ?? t('mail.unknownIp'),
      });
      closing = t('mail.notYou');
      break;
    default:
      subject = t(`mail.${content.kind}.subject`);
      body = t(`mail.${content.kind}.body`, { time: formatMailTime(content.time, to.language) });
      closing = t('mail.notYou');
  }
  const text = [t('mail.greeting', { username: to.username }), body, closing, t('mail.signature')].join('\n\n');
  return { to: to.email, subject, text: `${text}\n` };
}
