/**
 * What one auth screen hands to the next (the email a code went to, a two-factor
 * challenge, a referral code), kept in sessionStorage so a reload or a language switch
 * in the middle of a flow loses nothing, and nothing outlives the tab.
 */
import type { TwoFactorChallenge, UserData } from '../../contracts/auth.ts';
import { localizePath, isLocale, defaultLocale } from '../i18n/locales.ts';
import { DASHBOARDS_PATH } from '../lib/routes.ts';
import { NEXT_PARAM, USER_DATA_KEY } from '../lib/storage-keys.ts';

const FLOW_KEY = 'authFlow';

export interface AuthFlow {
  email?: string;
  /** Opaque token from a sign-in that still needs the authenticator code. */
  challenge?: string;
  /** Where the next page should go after success. */
  next?: string;
  /** Referral code from a ?ref= link, kept until signup succeeds. */
  ref?: string;
  /** Unix ms after which another code may be requested. */
  resendAt?: number;
}

export function readFlow(): AuthFlow {
  try {
    return JSON.parse(sessionStorage.getItem(FLOW_KEY) ?? '{}') as AuthFlow;
  } catch {
    return {};
  }
}

export function updateFlow(changes: AuthFlow): AuthFlow {
  const flow = { ...readFlow(), ...changes };
  sessionStorage.setItem(FLOW_KEY, JSON.stringify(flow));
  return flow;
}

export function pageLocale() {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : defaultLocale;
}

/** A path in the page's language. */
export function here(path: string): string {
  return localizePath(path, pageLocale());
}

/** Where to go after signing in: the guarded page the visitor came from, if it is ours. */
export function afterLoginPath(next: string | null | undefined): string {
  const safe = next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : DASHBOARDS_PATH;
  return here(safe);
}

/** The `next` the guard put on the login URL, remembered for the rest of the flow. */
export function rememberNext(): string | undefined {
  const next = new URLSearchParams(window.location.search).get(NEXT_PARAM) ?? readFlow().next;
  if (next) updateFlow({ next });
  return next ?? undefined;
}

/** Stores the session (spec §3 userData), ends the flow and opens the app. */
export function completeSignIn(data: UserData): void {
  localStorage.setItem(USER_DATA_KEY, JSON.stringify(data));
  const { next } = readFlow();
  sessionStorage.removeItem(FLOW_KEY);
  window.location.assign(afterLoginPath(next));
}

export type { TwoFactorChallenge };

export function isChallenge(value: unknown): value is TwoFactorChallenge {
  return typeof value === 'object' && value !== null && (value as TwoFactorChallenge).two_factor_required === true;
}

/** Either signs in or, when two-factor is on, moves to the code screen. */
export function continueSignIn(result: UserData | TwoFactorChallenge): void {
  if (isChallenge(result)) {
    updateFlow({ challenge: result.challenge });
    window.location.assign(here('/loginVerification'));
    return;
  }
  completeSignIn(result);
}
