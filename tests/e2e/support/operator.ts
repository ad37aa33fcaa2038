import { execFileSync } from 'node:child_process';
import { E2E_MAILBOX_PORT, E2E_OPERATOR_SOCKET } from './stack-config.ts';

/** Runs the real operator command (`npm run operator -- ...`) against the e2e server. */
export function operator(...args: string[]): string {
  return execFileSync('node', ['server/operator.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: 'memory://', OPERATOR_SOCKET: E2E_OPERATOR_SOCKET },
  });
}

/** Moves the server's clock (negative seconds move it back); answers the server's new time in ms. */
export async function advanceServerClock(seconds: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${E2E_MAILBOX_PORT}/clock?advance=${seconds}`, { method: 'POST' });
  return new Date(((await response.json()) as { now: string }).now).getTime();
}
