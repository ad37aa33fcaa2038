import { expect } from '@playwright/test';
import { E2E_MAILBOX_PORT } from './stack-config.ts';

interface Mail {
  to: string[];
  subject: string;
  text: string;
  received_at: string;
}

export async function mailsTo(address: string): Promise<Mail[]> {
  const response = await fetch(`http://127.0.0.1:${E2E_MAILBOX_PORT}/?to=${encodeURIComponent(address)}`);
  return (await response.json()) as Mail[];
}

/** Waits for a new mail to `address` (beyond the `seen` count) and returns its 6-digit code. */
export async function nextCode(address: string, seen: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(address);
        const mail = mails.slice(seen).find((item) => /\b\d{6}\b/.test(item.text));
        code = mail?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}
