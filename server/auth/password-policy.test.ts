import { describe, expect, it } from 'vitest';
import { newPasswordProblem } from './password-policy.ts';

describe('newPasswordProblem', () => {
  it('accepts a long, personal-free passphrase', () => {
    expect(newPasswordProblem('harbour lights 42', { username: 'miner_01', email: 'ann@example.com' })).toBeNull();
  });

  it('refuses passwords shorter than 8 characters', () => {
    expect(newPasswordProblem('s3cr3t!')).toEqual({ key: 'validation.passwordShort' });
  });

  it('refuses passwords longer than 128 characters', () => {
    expect(newPasswordProblem('x'.repeat(129))).toEqual({ key: 'error.maxLength', params: { limit: 128 } });
    expect(newPasswordProblem('a-fine-phrase '.repeat(9).slice(0, 128))).toBeNull();
  });

  it('refuses passwords made only of digits', () => {
    expect(newPasswordProblem('20262027')).toEqual({ key: 'validation.passwordNumeric' });
  });

  it('refuses the most common passwords, whatever the letter case', () => {
    for (const password of ['password', 'Password1', 'BASEBALL', 'sunshine', 'qwertyuiop', 'bitcoin123']) {
      expect(newPasswordProblem(password), password).toEqual({ key: 'validation.passwordCommon' });
    }
  });

  it('refuses passwords like the username or the email local part', () => {
    expect(newPasswordProblem('Satoshi-2026', { username: 'satoshi' })).toEqual({ key: 'validation.passwordLikeUser' });
    expect(newPasswordProblem('nakamoto!!', { email: 'nakamoto@example.com' })).toEqual({
      key: 'validation.passwordLikeUser',
    });
    // The password inside the username counts too.
    expect(newPasswordProblem('deepminer', { username: 'the_deepminer_01' })).toEqual({
      key: 'validation.passwordLikeUser',
    });
  });

  it('ignores parts shorter than 4 characters', () => {
    expect(newPasswordProblem('ann harbour lights', { username: 'ann', email: 'bo@example.com' })).toBeNull();
  });
});
