/**
 * Outgoing mail as `app.mailer`. With SMTP_URL, through nodemailer's SMTP transport;
 * without (the `npm start` default), each mail is written to the log and to OUTBOX_DIR
 * as an .eml file, so the product works offline and a developer can read the codes.
 *
 * `sendLater` is for mail the answer must not wait for (security notices, and codes,
 * whose sending time would otherwise tell which addresses have an account): it sends
 * in the background and logs a failure. Closing the app waits for those sends.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Sends after the answer: never throws, logs a failure. */
  sendLater(mail: Mail): void;
  /** Resolves once every mail handed to sendLater so far is sent (or failed). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Bounds on a slow or silent mail server (nodemailer waits minutes by default). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

function outboxFileName(now: Date): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
}

async function mailer(app: FastifyInstance): Promise<void> {
  const { smtpUrl, from, outboxDir } = app.config.mail;
  const smtp = smtpUrl ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }) : null;
  const composer = smtp ? null : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const send = async (mail: Mail): Promise<void> => {
    if (smtp) {
      const info = await smtp.sendMail({ from, ...mail });
      app.log.info({ messageId: info.messageId }, 'mail sent');
      return;
    }
    const info = await composer!.sendMail({ from, ...mail });
    const file = path.join(outboxDir, outboxFileName(new Date()));
    await mkdir(outboxDir, { recursive: true });
    await writeFile(file, info.message as Buffer);
    app.log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text }, file }, 'mail written to the outbox');
  };

  const pending = new Set<Promise<void>>();
  app.decorate('mailer', {
    send,
    sendLater(mail) {
      const sending: Promise<void> = send(mail)
        .catch((error: unknown) => app.log.error({ err: error, subject: mail.subject }, 'mail not sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  } satisfies Mailer);

  app.addHook('onClose', async () => {
    await app.mailer.idle();
    smtp?.close();
  });
}

export default fp(mailer, { name: 'mailer', dependencies: ['config'] });
