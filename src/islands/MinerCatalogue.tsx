import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Miner } from '../../contracts/miners.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';
import { formatHashrate, formatMoney, formatNumber } from '../lib/format.ts';
import { createTranslator, type Messages } from '../lib/translator.ts';
import { createPagedList } from '../stores/paged-list.ts';
import { DataState, EmptyState } from './shared/DataState.tsx';
import { Pager } from './shared/Pager.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
  /** Which offers to list: rentable, buyable, or every miner on sale. */
  acquisition: 'rent' | 'buy' | '';
  /** Where a card leads: "/rentminer", "/marketplace" or "/profilemarketplace" (+ "/<id>"). */
  detailPath: string;
  pageSize?: number;
}

/** The catalogue of spec §7 GET /api/miners/ (limit, offset), as cards. */
export default function MinerCatalogue({ locale, messages, acquisition, detailPath, pageSize = 12 }: Props) {
  const t = createTranslator(messages);
  const [list] = useState(() => createPagedList<Miner>('/api/miners/', acquisition ? { acquisition } : {}, pageSize));
  const page = useStore(list.$page);
  const offset = useStore(list.$offset);

  return (
    // Twelve cards are taller than any screen: the placeholder fills at least one, so the footer never shows
    // before the cards arrive and then jumps away (a layout shift on phones).
    <DataState state={page} t={t} minHeight="min-h-[max(30rem,100dvh)]" onRetry={() => list.$page.revalidate()}>
      {({ results, count }) =>
        results.length === 0 ? (
          <EmptyState>{t('miners.empty')}</EmptyState>
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('miners.catalogue')}>
              {results.map((miner, index) => (
                <MinerCard key={miner.id} miner={miner} firstRow={index < 3} locale={locale} t={t} acquisition={acquisition} href={localizePath(`${detailPath}/${miner.id}`, locale)} />
              ))}
            </ul>
            <Pager t={t} locale={locale} count={count} offset={offset} pageSize={list.pageSize} onChange={list.goTo} />
          </>
        )
      }
    </DataState>
  );
}

/** `firstRow`: the cards on screen when the list appears (up to three columns), whose pictures load at once. */
function MinerCard({ miner, firstRow, locale, t, acquisition, href }: { miner: Miner; firstRow: boolean; locale: Locale; t: ReturnType<typeof createTranslator>; acquisition: string; href: string }) {
  const rentable = miner.rent_price_per_day !== null && acquisition !== 'buy';
  const buyable = miner.purchase_price !== null && acquisition !== 'rent';
  const net = miner.estimated_daily_net_usd;
  return (
    <li className="card flex flex-col overflow-hidden">
      <a href={href} className="group flex flex-1 flex-col focus-visible:outline-offset-[-3px]">
        <div className="flex aspect-[4/3] items-center justify-center bg-surface-muted">
          <img src={miner.image} alt="" width="240" height="180" loading={firstRow ? 'eager' : 'lazy'} fetchPriority={firstRow ? 'high' : 'auto'} decoding="async" className="h-full w-full object-contain p-4" />
        </div>
        <div className="flex flex-1 flex-col gap-3 p-4">
          <div className="flex items-start justify-between gap-2">
            <div>
              <h3 className="font-semibold text-ink-900 group-hover:text-brand-700">{miner.name}</h3>
              <p className="text-sm text-ink-600">
                {miner.algorithm} · {miner.coin.symbol}
              </p>
            </div>
            <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${miner.stock > 0 ? 'bg-positive-50 text-positive-700' : 'bg-danger-50 text-danger-700'}`}>
              {miner.stock > 0 ? t('miners.stock', { count: formatNumber(String(miner.stock), locale) }) : t('miners.soldOut')}
            </span>
          </div>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-ink-500">{t('miners.hashrate')}</dt>
            <dd className="text-end font-medium tabular-nums" dir="ltr">{formatHashrate(miner.hashrate, miner.hashrate_unit, locale)}</dd>
            <dt className="text-ink-500">{t('miners.power')}</dt>
            <dd className="text-end font-medium tabular-nums" dir="ltr">{formatNumber(String(miner.power_w), locale)} W</dd>
            {rentable && (
              <>
                <dt className="text-ink-500">{t('miners.rentPrice')}</dt>
                <dd className="text-end font-medium tabular-nums">{t('miners.perDay', { amount: formatMoney(miner.rent_price_per_day!, 'USDT', locale) })}</dd>
              </>
            )}
            {buyable && (
              <>
                <dt className="text-ink-500">{t('miners.buyPrice')}</dt>
                <dd className="text-end font-medium tabular-nums">{formatMoney(miner.purchase_price!, 'USDT', locale)}</dd>
              </>
            )}
            <dt className="text-ink-500">{t('miners.estNet')}</dt>
            <dd className={`text-end font-semibold tabular-nums ${net.startsWith('-') ? 'text-danger-700' : 'text-positive-700'}`}>
              {formatMoney(net, 'USD', locale)}
            </dd>
          </dl>
          <span className="mt-auto text-sm font-semibold text-brand-600">{t('miners.view')} <span className="flip-rtl inline-block" aria-hidden="true">→</span></span>
        </div>
      </a>
    </li>
  );
}
