/**
 * The security headers of the static site, written by the build into `dist/_headers`
 * (Netlify/Cloudflare Pages format) and sent by the bundled server from that same file,
 * so a CDN and `npm start` serve one policy.
 *
 * Scripts: the site's own files, the one inline head script by its hash (identical on
 * every page, src/lib/head-script.ts), and Telegram's login widget (loaded only when a
 * visitor asks for it, src/scripts/telegram-login.ts). No 'unsafe-inline', no eval.
 * Styles: the site's own stylesheets only; islands size placeholders with classes.
 */
export const HEADERS_FILE = '_headers';

const TELEGRAM_SCRIPT_ORIGIN = 'https://telegram.org';
const TELEGRAM_FRAME_ORIGIN = 'https://oauth.telegram.org';

export interface PolicyInputs {
  /** 'sha256-<base64>' of each inline script the pages may run. */
  scriptHashes: string[];
  /** Origin of the API when it is not the site's own (PUBLIC_API_URL), or null. */
  apiOrigin: string | null;
}

export function contentSecurityPolicy({ scriptHashes, apiOrigin }: PolicyInputs): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes.map((hash) => `'${hash}'`), TELEGRAM_SCRIPT_ORIGIN],
    'style-src': ["'self'"],
    // data: for the two-factor QR code, drawn as an SVG data URL.
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(apiOrigin ? [apiOrigin] : [])],
    'frame-src': [TELEGRAM_FRAME_ORIGIN],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Every header the site sends on every path, the policy included. */
export function siteSecurityHeaders(policy: PolicyInputs): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(policy),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Telegram's sign-in popup answers through window.opener.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
}

export interface HeaderRule {
  /** '/*' or a prefix such as '/_astro/*'. */
  path: string;
  headers: Record<string, string>;
}

export function formatHeadersFile(rules: HeaderRule[]): string {
  return rules
    .map((rule) => [rule.path, ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'))
    .join('\n');
}

/** Reads the `_headers` format back: a path line, then indented `Name: value` lines. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} });
      continue;
    }
    const separator = line.indexOf(':');
    const rule = rules.at(-1);
    if (rule && separator > 0) rule.headers[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return rules;
}

/** The headers of the rules that match a path ('/*' matches all, '/x/*' its prefix, else exact). */
export function headersForPath(rules: HeaderRule[], pathname: string): Record<string, string> {
  const matches = (pattern: string) =>
    pattern.endsWith('/*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;
  return Object.assign({}, ...rules.filter((rule) => matches(rule.path)).map((rule) => rule.headers));
}
