/**
 * The payment gateway behind deposits: it tells the customer where and how to pay, and
 * later whether the payment arrived. The API only ever talks to this interface; the
 * gateway is chosen by PAYMENT_GATEWAY (only the sandbox ships so far).
 */
import type { PaymentInstructions } from '../db/mining-schema.ts';
import type { MiningConfig } from '../mining-config.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';

export type { PaymentInstructions };

export interface CreatedDeposit {
  /** The gateway's id for the payment, kept on the deposit to ask about it later. */
  reference: string;
  instructions: PaymentInstructions;
  /** True when no real money moves (the sandbox): the UI says "test mode". */
  test_mode: boolean;
}

export type DepositStatus = 'pending' | 'paid' | 'expired';

export interface PaymentGateway {
  readonly name: string;
  readonly testMode: boolean;
  /** Asks for a payment of `amount` `currency`; `reference` is ours, shown as the memo. */
  createDeposit(amount: string, currency: string, reference: string): Promise<CreatedDeposit>;
  status(reference: string): Promise<DepositStatus>;
}

export interface GatewayOptions {
  /** The clock the gateway judges time by (tests move it). */
  now: () => Date;
}

export function createPaymentGateway(config: MiningConfig, options: GatewayOptions): PaymentGateway {
  switch (config.paymentGateway) {
    case 'sandbox':
      return createSandboxGateway({ confirmSeconds: config.sandboxConfirmSeconds, now: options.now });
  }
}
