/**
 * The mining settings of the configuration (config.ts reads them into `config.mining`):
 * referral rate, public site address, payment gateway, the earnings job and the
 * operator console's socket. Same rules as the rest: every variable has a working
 * default, a bad value is reported by name.
 */
import { compare, isDecimal } from '../src/lib/money.ts';
import { integerReader, type Read } from './lib/env-readers.ts';

export const paymentGateways = ['sandbox'] as const;
export type PaymentGatewayName = (typeof paymentGateways)[number];

export interface MiningConfig {
  /** Share of a referred user's purchase or rent price paid to the referrer, as a decimal fraction ("0.05"). */
  referralRate: string;
  /** Where the site lives, for links handed to users (the referral link): no trailing slash. */
  publicSiteUrl: string;
  paymentGateway: PaymentGatewayName;
  /** Sandbox gateway: a deposit counts as paid this long after it was created. */
  sandboxConfirmSeconds: number;
  /** Run the earnings job at start and on a timer (off: only `npm run operator -- earnings run`). */
  earningsJob: boolean;
  earningsIntervalMinutes: number;
  /**
   * OPERATOR_SOCKET: where the server serves `npm run operator` (operator/socket.ts);
   * null: next to an embedded database directory; "off": nowhere.
   */
  operatorSocket: string | null;
}

/** The FAQ promises 5% ("How does the referral programme work?"). */
export const DEFAULT_REFERRAL_RATE = '0.05';
/** Referral rates above half the price would make every sale a loss. */
const MAX_REFERRAL_RATE = '0.5';


export function loadMiningConfig(read: Read, problems: string[]): MiningConfig {
  const integer = integerReader(read, problems);

  const rawRate = read('REFERRAL_RATE') ?? DEFAULT_REFERRAL_RATE;
  let referralRate = rawRate;
  if (!isDecimal(rawRate) || compare(rawRate, '0') < 0 || compare(rawRate, MAX_REFERRAL_RATE) > 0) {
    problems.push(`REFERRAL_RATE must be a decimal fraction from 0 to ${MAX_REFERRAL_RATE} (0.05 is 5%), got "${rawRate}".`);
    referralRate = DEFAULT_REFERRAL_RATE;
  }

  const rawSite = read('PUBLIC_SITE_URL') ?? 'http://localhost:4321';
  let publicSiteUrl = rawSite.replace(/\/+$/, '');
  if (!URL.canParse(rawSite) || !/^https?:$/.test(new URL(rawSite).protocol)) {
    problems.push(`PUBLIC_SITE_URL must be the site's http(s) address like https://hashharbor.example, got "${rawSite}".`);
    publicSiteUrl = 'http://localhost:4321';
  }

  const rawGateway = read('PAYMENT_GATEWAY') ?? 'sandbox';
  const paymentGateway = (paymentGateways as readonly string[]).includes(rawGateway)
    ? (rawGateway as PaymentGatewayName)
    : 'sandbox';
  if (paymentGateway !== rawGateway)
    problems.push(`PAYMENT_GATEWAY must be one of ${paymentGateways.join(', ')}, got "${rawGateway}".`);

  const rawJob = read('EARNINGS_JOB')?.toLowerCase() ?? 'on';
  const earningsJob = ['on', 'true', '1', 'yes'].includes(rawJob);
  if (!earningsJob && !['off', 'false', '0', 'no'].includes(rawJob))
    problems.push(`EARNINGS_JOB must be on or off, got "${rawJob}".`);

  return {
    referralRate,
    publicSiteUrl,
    paymentGateway,
    sandboxConfirmSeconds: integer('SANDBOX_CONFIRM_SECONDS', 20, 0, 86_400),
    earningsJob,
    earningsIntervalMinutes: integer('EARNINGS_INTERVAL_MINUTES', 60, 1, 1440),
    operatorSocket: read('OPERATOR_SOCKET') ?? null,
  };
}
