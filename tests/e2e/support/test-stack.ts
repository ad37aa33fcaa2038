/**
 * The server end-to-end tests run against: exactly what `npm start` runs (server/start.ts,
 * in-memory database), plus a real SMTP server in this process whose mailbox the tests
 * read over HTTP, a test Telegram bot, and a clock the tests can move forward (a day of
 * mining cannot be waited for): POST /clock?advance=<seconds> on the mailbox port.
 */
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { E2E_MAILBOX_PORT, E2E_OPERATOR_SOCKET, E2E_SMTP_PORT, E2E_TELEGRAM } from './stack-config.ts';

// Every `new Date()` and `Date.now()` in this process (server, jobs, PGlite's now()) runs
// `offset` ahead of the wall clock.
let offset = 0;
const WallClock = Date;
class MovableDate extends WallClock {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(WallClock.now() + offset);
    else super(...(args as [string]));
  }
  static override now() {
    return WallClock.now() + offset;
  }
}
globalThis.Date = MovableDate as DateConstructor;

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
  if (request.method === 'POST' && url.pathname === '/clock') {
    offset += Number(url.searchParams.get('advance') ?? 0) * 1000;
    response.end(JSON.stringify({ now: new Date().toISOString() }));
    return;
  }
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
  OPERATOR_SOCKET: E2E_OPERATOR_SOCKET,
  // Every e2e customer comes from 127.0.0.1: per-address limits sized for a whole run.
  RATE_LIMIT_CODE_SEND_IP: '500/3600',
  RATE_LIMIT_REGISTER_IP: '500/3600',
  RATE_LIMIT_CODE_CHECK_IP: '500/900',
  RATE_LIMIT_LOGIN_IP: '500/900',
});
await import('../../../server/start.ts');
