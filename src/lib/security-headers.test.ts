import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, formatHeadersFile, headersForPath, parseHeadersFile, type HeaderRule } from './security-headers.ts';

describe('the _headers file', () => {
  const rules: HeaderRule[] = [
    { path: '/*', headers: { 'X-Frame-Options': 'DENY', 'Content-Security-Policy': "default-src 'self'; img-src 'self' data:" } },
    { path: '/_astro/*', headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
  ];

  it('reads back what it writes, values with colons and quotes included', () => {
    expect(parseHeadersFile(`# written by the build\n${formatHeadersFile(rules)}\n`)).toEqual(rules);
  });

  it('gives a path the headers of every rule that matches it', () => {
    expect(headersForPath(rules, '/login.html')).toEqual(rules[0]!.headers);
    expect(headersForPath(rules, '/_astro/app.1.js')).toEqual({ ...rules[0]!.headers, ...rules[1]!.headers });
    expect(headersForPath([{ path: '/exact', headers: { A: '1' } }], '/exactly')).toEqual({});
  });
});

describe('the content security policy', () => {
  it('adds the hashes and the API origin it is given', () => {
    const policy = contentSecurityPolicy({ scriptHashes: ['sha256-abc='], apiOrigin: 'https://api.example.com' });
    expect(policy).toContain("script-src 'self' 'sha256-abc=' https://telegram.org;");
    expect(policy).toContain("connect-src 'self' https://api.example.com;");
    expect(contentSecurityPolicy({ scriptHashes: [], apiOrigin: null })).toContain("connect-src 'self';");
  });
});
