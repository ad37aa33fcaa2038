import { describe, expect, it } from 'vitest';
import { codeProblem, emailProblem, passwordProblem, usernameProblem } from './validation.ts';

describe('account field rules', () => {
  it('accepts plain usernames and refuses odd ones', () => {
    expect(usernameProblem('miner_01')).toBeNull();
    expect(usernameProblem('ab')).toBe('validation.username');
    expect(usernameProblem('has space')).toBe('validation.username');
    expect(usernameProblem('x'.repeat(33))).toBe('validation.username');
    expect(usernameProblem("robert'); drop table users;--")).toBe('validation.username');
  });

  it('refuses short, numeric and personal passwords', () => {
    expect(passwordProblem('short')).toBe('validation.passwordShort');
    expect(passwordProblem('1234567890')).toBe('validation.passwordNumeric');
    expect(passwordProblem('satoshi2026!', { username: 'Satoshi' })).toBe('validation.passwordLikeUser');
    expect(passwordProblem('nakamoto-rig', { email: 'nakamoto@example.com' })).toBe('validation.passwordLikeUser');
    expect(passwordProblem('x'.repeat(129))).toBe('error.maxLength');
    expect(passwordProblem('harbour lights 42', { username: 'demo', email: 'demo@example.com' })).toBeNull();
  });

  it('checks emails and codes', () => {
    expect(emailProblem('a@b.co')).toBeNull();
    expect(emailProblem('not-an-email')).toBe('error.format.email');
    expect(codeProblem('123456')).toBeNull();
    expect(codeProblem('12345')).toBe('validation.code');
    expect(codeProblem('12a456')).toBe('validation.code');
  });
});
