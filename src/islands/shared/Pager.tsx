import type { T } from '../../lib/translator.ts';
import type { Locale } from '../../i18n/locales.ts';
import { formatNumber } from '../../lib/format.ts';

interface Props {
  t: T;
  locale: Locale;
  count: number;
  offset: number;
  pageSize: number;
  onChange: (offset: number) => void;
}

/** Previous / next over a limit-offset list, with "11–20 of 42". */
export function Pager({ t, locale, count, offset, pageSize, onChange }: Props) {
  if (count <= pageSize) return null;
  const to = Math.min(offset + pageSize, count);
  return (
    <nav aria-label={t('miners.pagination')} className="mt-4 flex items-center justify-between gap-3">
      <button type="button" className="btn-secondary" disabled={offset === 0} onClick={() => onChange(offset - pageSize)}>
        {t('miners.previous')}
      </button>
      <p className="text-sm text-ink-600" aria-live="polite">
        {t('miners.pageOf', { from: formatNumber(String(offset + 1), locale), to: formatNumber(String(to), locale), count: formatNumber(String(count), locale) })}
      </p>
      <button type="button" className="btn-secondary" disabled={to >= count} onClick={() => onChange(offset + pageSize)}>
        {t('miners.next')}
      </button>
    </nav>
  );
}
