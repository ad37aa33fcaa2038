/**
 * The sandbox gateway: no real money. It hands out a fixed, obviously fake address per
 * currency (not a valid address of any network, so real funds cannot be sent to it by
 * mistake) and reports a deposit as paid once SANDBOX_CONFIRM_SECONDS have passed since
 * it was created. Stateless: the creation time travels in the reference, so any API
 * instance answers the same.
 */
import { createHash } from 'node:crypto';
import type { CreatedDeposit, DepositStatus, PaymentGateway } from './gateway.ts';

export interface SandboxOptions {
  confirmSeconds: number;
  now: () => Date;
}

/** How long the payment instructions stay valid. */
const EXPIRY_MS = 60 * 60 * 1000;
const ADDRESS_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** "sandbox-<currency>-…": deterministic per currency, recognisably not a real address. */
export function sandboxAddress(currency: string): string {
  const digest = createHash('sha256').update(`hashharbor-sandbox:${currency}`).digest();
  const tail = [...digest.subarray(0, 24)].map((byte) => ADDRESS_CHARS[byte % ADDRESS_CHARS.length]).join('');
  return `sandbox-${currency.toLowerCase()}-${tail}`;
}

export function createSandboxGateway(options: SandboxOptions): PaymentGateway {
  const parse = (reference: string): number | null => {
    const match = /^sbx-([0-9a-z]+)-/.exec(reference);
    return match ? Number.parseInt(match[1]!, 36) : null;
  };
  return {
    name: 'sandbox',
    testMode: true,
    async createDeposit(amount: string, currency: string, reference: string): Promise<CreatedDeposit> {
      const created = options.now().getTime();
      return {
        reference: `sbx-${created.toString(36)}-${reference}`,
        instructions: {
          address: sandboxAddress(currency),
          amount,
          currency,
          memo: reference,
          expires_at: new Date(created + Math.max(EXPIRY_MS, 2 * options.confirmSeconds * 1000)).toISOString(),
        },
        test_mode: true,
      };
    },
    async status(reference: string): Promise<DepositStatus> {
      const created = parse(reference);
      if (created === null) return 'expired';
      const age = options.now().getTime() - created;
      if (age >= options.confirmSeconds * 1000) return 'paid';
      return 'pending';
    },
  };
}
