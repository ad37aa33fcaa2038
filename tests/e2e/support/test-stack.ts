/**
 * The server end-to-end tests run against: exactly what `npm start` runs (server/start.ts,
 * in-memory database), plus a real SMTP server in this process whose mailbox the tests
 * read over HTTP, and a test Telegram bot.
 */
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { E2E_MAILBOX_PORT, E2E_SMTP_PORT, E2E_TELEGRAM } from './stack-config.ts';

interface Mail {
  to: string[];
  subject: string;
  text: string;
  received_at: string;
}
const mailbox: Mail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        mailbox.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          received_at: new Date().toISOString(),
        });
        callback();
      })
      .catch(callback);
  },
});
await new Promise<void>((resolve) => smtp.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const to = url.searchParams.get('to')?.toLowerCase();
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(mailbox.filter((mail) => !to || mail.to.includes(to))));
}).listen(E2E_MAILBOX_PORT, '127.0.0.1');

Object.assign(process.env, {
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  TELEGRAM_BOT_TOKEN: E2E_TELEGRAM.token,
  TELEGRAM_BOT_USERNAME: E2E_TELEGRAM.username,
  SANDBOX_CONFIRM_SECONDS: '2',
  EARNINGS_JOB: 'off',
});
await import('../../../server/start.ts');
