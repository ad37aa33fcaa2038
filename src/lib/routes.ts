/**
 * Every screen route of spec §2, in one table that the pages, the side menu, the
 * guard, the static-host rewrites and the API server's page serving all read.
 */

/** public: auth screens; restricted: need login (spec §2); app: inside the signed-in layout; content: plain text pages. */
export type RouteAccess = 'public' | 'restricted' | 'app' | 'content';

export interface ScreenRoute {
  path: string;
  access: RouteAccess;
}

/** The {id} screens are one prerendered shell each, served for any id (see `idRewrites`). */
export const ID_SHELL_SEGMENT = 'detail';

export const screenRoutes = [
  { path: '/signup', access: 'public' },
  { path: '/registration', access: 'public' },
  { path: '/verification', access: 'public' },
  { path: '/login', access: 'public' },
  { path: '/loginVerification', access: 'public' },
  { path: '/reset', access: 'public' },
  { path: '/verificationReset', access: 'public' },
  { path: '/', access: 'restricted' },
  { path: '/home', access: 'restricted' },
  { path: '/rentminer', access: 'restricted' },
  { path: `/rentminer/${ID_SHELL_SEGMENT}`, access: 'restricted' },
  { path: '/faq', access: 'restricted' },
  { path: '/marketplace', access: 'restricted' },
  { path: `/marketplace/${ID_SHELL_SEGMENT}`, access: 'restricted' },
  { path: '/dashboard', access: 'restricted' },
  { path: '/dashboards', access: 'app' },
  { path: '/myminers', access: 'app' },
  { path: '/profiles', access: 'app' },
  { path: '/settings', access: 'app' },
  { path: '/referals', access: 'app' },
  { path: '/profilerentminers', access: 'app' },
  { path: '/profilemarketplace', access: 'app' },
  { path: `/profilemarketplace/${ID_SHELL_SEGMENT}`, access: 'app' },
  { path: '/profiletransaction', access: 'app' },
  { path: '/wallet', access: 'app' },
  { path: '/privacy', access: 'content' },
  { path: '/terms', access: 'content' },
] as const satisfies readonly ScreenRoute[];

export type ScreenPath = (typeof screenRoutes)[number]['path'];

/** Routes whose last segment is an id; each is served by its shell page. */
export const idRoutePrefixes = ['/rentminer', '/marketplace', '/profilemarketplace'] as const;

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/home';
export const DASHBOARDS_PATH = '/dashboards';

export function needsLogin(access: RouteAccess): boolean {
  return access === 'restricted' || access === 'app';
}

/**
 * Maps a locale-free path to the shell page that renders it, or null:
 * "/rentminer/42" -> "/rentminer/detail".
 */
export function idShellFor(path: string): string | null {
  for (const prefix of idRoutePrefixes) {
    const rest = path.startsWith(`${prefix}/`) ? path.slice(prefix.length + 1) : null;
    if (rest && /^[^/]+$/.test(rest)) return `${prefix}/${ID_SHELL_SEGMENT}`;
  }
  return null;
}

/** The id in "/rentminer/42" (or "/ar/rentminer/42"), read by the shell pages on the client. */
export function idFromPath(pathname: string): string | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return last && last !== ID_SHELL_SEGMENT ? decodeURIComponent(last) : null;
}

/** The side navigation of the signed-in layout, in the order of spec §2. */
export const sideNavEntries = [
  { path: '/dashboards', label: 'nav.dashboard', icon: 'dashboard' },
  { path: '/myminers', label: 'nav.myMiners', icon: 'miners' },
  { path: '/profilemarketplace', label: 'nav.store', icon: 'store' },
  { path: '/profiletransaction', label: 'nav.transactions', icon: 'transactions' },
  { path: '/wallet', label: 'nav.wallet', icon: 'wallet' },
  { path: '/referals', label: 'nav.referals', icon: 'referals' },
  { path: '/profiles', label: 'nav.profile', icon: 'profile' },
] as const;

/**
 * Spec §2: an entry is active on an exact path match, except Store, which is
 * active for any path containing /profilemarketplace.
 */
export function isNavEntryActive(entryPath: string, currentPath: string): boolean {
  if (entryPath === '/profilemarketplace') return currentPath.includes('/profilemarketplace');
  return entryPath === currentPath;
}
