import { useEffect, useState } from 'react';

/**
 * False during the server render and the hydrating render, true after. Islands that show
 * browser-only data (localStorage) render their placeholder until then, so hydration
 * matches the prerendered HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
