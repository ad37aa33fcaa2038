import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import configPlugin from '../plugins/config.ts';
import { useTranslations } from '../../src/i18n/index.ts';
import mailerPlugin from './mailer.ts';
import { composeMail, formatMailTime } from './templates.ts';

const directories: string[] = [];
afterEach(async () => {
  await Promise.all(directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })));
});

async function outboxApp() {
  const outboxDir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  directories.push(outboxDir);
  const logged: unknown[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => void logged.push(JSON.parse(line)) } },
  });
  await app.register(configPlugin, {
    config: loadConfig({ OUTBOX_DIR: outboxDir, MAIL_FROM: 'Harbour <no-reply@harbour.test>' }),
  });
  await app.register(mailerPlugin);
  await app.ready();
  return { app, outboxDir, logged };
}

describe('the mailer without SMTP_URL', () => {
  it('writes each mail to the outbox as an .eml file and to the log', async () => {
    const { app, outboxDir, logged } = await outboxApp();
    await app.mailer.send({ to: 'ann@example.test', subject: '123456 is your code', text: 'Your code is 123456.\n' });
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(outboxDir, files[0]!), 'utf8');
    expect(eml).toContain('To: ann@example.test');
    expect(eml).toContain('From: Harbour <no-reply@harbour.test>');
    expect(eml).toContain('Subject: 123456 is your code');
    expect(eml).toContain('Your code is 123456.');
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'mail written to the outbox',
        mail: { to: 'ann@example.test', subject: '123456 is your code', text: 'Your code is 123456.\n' },
      }),
    );
    await app.close();
  });

  it('sends later without holding up the caller, and closing waits for it', async () => {
    const { app, outboxDir } = await outboxApp();
    app.mailer.sendLater({ to: 'bo@example.test', subject: 'Notice', text: 'Something happened.' });
    await app.close();
    expect(await readdir(outboxDir)).toHaveLength(1);
  });
});

describe('mail templates', () => {
  it('greet the user, say what happened and sign off, in their language', () => {
    const time = new Date('2026-11-21T10:24:00Z');
    const mail = composeMail(
      { email: 'ann@example.test', username: 'ann', language: 'de' },
      { kind: 'newSignIn', time, userAgent: 'HarbourPhone/3.1', ip: '203.0.113.7' },
    );
    const de = useTranslations('de');
    expect(mail.to).toBe('ann@example.test');
    expect(mail.subject).toBe(de('mail.newSignIn.subject'));
    expect(mail.text).toBe(
      [
        de('mail.greeting', { username: 'ann' }),
        de('mail.newSignIn.body', { time: formatMailTime(time, 'de'), device: 'HarbourPhone/3.1', ip: '203.0.113.7' }),
        de('mail.notYou'),
        de('mail.signature'),
      ].join('\n\n') + '\n',
    );
    expect(formatMailTime(time, 'de')).toBe('21. November 2026 um 10:24 UTC');
  });

  it('put the code in the subject and say how long it works', () => {
    const mail = composeMail(
      { email: 'ann@example.test', username: 'ann', language: 'en' },
      { kind: 'resetCode', code: '042137', minutes: 10 },
    );
    expect(mail.subject).toBe('042137 is your HashHarbor password reset code');
    expect(mail.text).toContain('The code works for 10 minutes.');
  });
});
