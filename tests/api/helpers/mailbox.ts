/**
 * A real SMTP server in the test process (the smtp-server package): the app under test
 * sends to it through SMTP_URL, and tests read what arrived, per recipient.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailbox {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Mail to `address` not taken yet, oldest first. */
  unread(address: string): ReceivedMail[];
  /** Takes the oldest unread mail to `address` whose subject matches, waiting for it. */
  next(address: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  /** Takes the next mail to `address` that carries a 6-digit code and answers the code. */
  code(address: string): Promise<string>;
  close(): Promise<void>;
}

const CODE_IN_SUBJECT = /\b\d{6}\b/;

export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          // Stored before the server accepts the message, so a sent mail is always here.
          for (const recipient of session.envelope.rcptTo) {
            received.push({
              to: recipient.address.toLowerCase(),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
            });
          }
          for (const wake of waiters) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const take = (address: string, subject: RegExp | undefined): ReceivedMail | undefined => {
    const index = received.findIndex(
      (mail) => mail.to === address.toLowerCase() && (!subject || subject.test(mail.subject)),
    );
    return index === -1 ? undefined : received.splice(index, 1)[0];
  };

  const mailbox: Mailbox = {
    url: `smtp://127.0.0.1:${port}`,
    unread: (address) => received.filter((mail) => mail.to === address.toLowerCase()),
    next(address, subject, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const attempt = () => {
          const mail = take(address, subject);
          if (!mail) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const check = () => void attempt();
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${address}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!attempt()) waiters.add(check);
      });
    },
    async code(address) {
      const mail = await mailbox.next(address, CODE_IN_SUBJECT);
      return CODE_IN_SUBJECT.exec(mail.subject)![0];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return mailbox;
}
