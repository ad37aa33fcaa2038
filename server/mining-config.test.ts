import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('mining settings', () => {
  it('read the referral rate, site address, gateway and earnings job', () => {
    expect(
      loadConfig({
        REFERRAL_RATE: '0.075',
        PUBLIC_SITE_URL: 'https://hashharbor.example/',
        PAYMENT_GATEWAY: 'sandbox',
        SANDBOX_CONFIRM_SECONDS: '0',
        EARNINGS_JOB: 'off',
        EARNINGS_INTERVAL_MINUTES: '15',
        OPERATOR_SOCKET: '/run/hashharbor/operator.sock',
      }).mining,
    ).toEqual({
      referralRate: '0.075',
      publicSiteUrl: 'https://hashharbor.example',
      paymentGateway: 'sandbox',
      sandboxConfirmSeconds: 0,
      earningsJob: false,
      earningsIntervalMinutes: 15,
      operatorSocket: '/run/hashharbor/operator.sock',
    });
  });

  it('refuse values that would be wrong or dangerous, naming each variable', () => {
    const attempt = () =>
      loadConfig({
        REFERRAL_RATE: '5%',
        PUBLIC_SITE_URL: 'ftp://files.example',
        PAYMENT_GATEWAY: 'stripe',
        SANDBOX_CONFIRM_SECONDS: '-1',
        EARNINGS_JOB: 'sometimes',
        EARNINGS_INTERVAL_MINUTES: '0',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of [
        'REFERRAL_RATE',
        'PUBLIC_SITE_URL',
        'PAYMENT_GATEWAY',
        'SANDBOX_CONFIRM_SECONDS',
        'EARNINGS_JOB',
        'EARNINGS_INTERVAL_MINUTES',
      ]) {
        expect(problems).toContain(name);
      }
    }
    expect(() => loadConfig({ REFERRAL_RATE: '0.6' })).toThrow(/REFERRAL_RATE/);
    expect(() => loadConfig({ REFERRAL_RATE: '-0.01' })).toThrow(/REFERRAL_RATE/);
  });
});
