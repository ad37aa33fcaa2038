import { atom, computed, map } from 'nanostores';
import { createFetcherStore } from './fetcher.ts';

/** Spec §9: page size 10, offset 0. */
export const PAGE_SIZE = 10;

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/**
 * A limit/offset list (spec §4, §9) with filters, cached per query by nanoquery, so
 * going back a page or re-selecting a filter shows data at once.
 */
export function createPagedList<T>(path: string, initialFilters: Record<string, string> = {}, pageSize = PAGE_SIZE) {
  const $filters = map<Record<string, string>>({ ...initialFilters });
  const $offset = atom(0);
  const $query = computed([$filters, $offset], (filters, offset) => {
    const params = new URLSearchParams({ limit: String(pageSize), offset: String(offset) });
    for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
    return `?${params}`;
  });
  const $page = createFetcherStore<Page<T>>([path, $query]);

  return {
    $filters,
    $offset,
    $page,
    pageSize,
    setFilter(key: string, value: string) {
      $filters.setKey(key, value);
      $offset.set(0);
    },
    goTo(offset: number) {
      $offset.set(Math.max(0, offset));
    },
  };
}

export type PagedList<T> = ReturnType<typeof createPagedList<T>>;
