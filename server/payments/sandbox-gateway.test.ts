import { describe, expect, it } from 'vitest';
import { isValidAddress } from '../money/addresses.ts';
import { createSandboxGateway, sandboxAddress } from './sandbox-gateway.ts';

describe('the sandbox gateway', () => {
  it('reports a deposit paid once the confirmation delay has passed', async () => {
    let now = new Date('2026-01-01T10:00:00Z');
    const gateway = createSandboxGateway({ confirmSeconds: 20, now: () => now });
    const deposit = await gateway.createDeposit('100', 'USDT', 'HH0001');
    expect(deposit).toMatchObject({
      test_mode: true,
      instructions: { address: sandboxAddress('USDT'), amount: '100', currency: 'USDT', memo: 'HH0001' },
    });
    expect(await gateway.status(deposit.reference)).toBe('pending');
    now = new Date('2026-01-01T10:00:19Z');
    expect(await gateway.status(deposit.reference)).toBe('pending');
    now = new Date('2026-01-01T10:00:20Z');
    expect(await gateway.status(deposit.reference)).toBe('paid');
    // Another instance, same answer: the state travels in the reference.
    expect(await createSandboxGateway({ confirmSeconds: 20, now: () => now }).status(deposit.reference)).toBe('paid');
    expect(await gateway.status('not-a-sandbox-reference')).toBe('expired');
  });

  it('hands out a fixed address per currency that no real network accepts', () => {
    expect(sandboxAddress('BTC')).toBe(sandboxAddress('BTC'));
    expect(sandboxAddress('BTC')).not.toBe(sandboxAddress('USDT'));
    for (const currency of ['BTC', 'USDT'] as const) {
      expect(sandboxAddress(currency)).toMatch(/^sandbox-/);
      expect(isValidAddress(currency, sandboxAddress(currency))).toBe(false);
    }
  });
});
