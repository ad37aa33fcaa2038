import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { localizePath, type Locale } from '../i18n/locales.ts';
import { formatDate, formatHashrate, formatMoney } from '../lib/format.ts';
import { createTranslator, type Messages, type T } from '../lib/translator.ts';
import type { UserMiner } from '../stores/mining.ts';
import { createPagedList } from '../stores/paged-list.ts';
import { DataState, EmptyState } from './shared/DataState.tsx';
import { FilterSelect } from './shared/FilterSelect.tsx';
import { Pager } from './shared/Pager.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
  /** /profilerentminers fixes the type to rent; /myminers lets the customer filter. */
  ownershipType?: 'rent' | 'own';
}

/** The customer's miners (GET /api/user-miners/ with the spec's filters), each with its earnings. */
export default function MyMiners({ locale, messages, ownershipType }: Props) {
  const t = createTranslator(messages);
  const [list] = useState(() => createPagedList<UserMiner>('/api/user-miners/', ownershipType ? { ownership_type: ownershipType } : {}));
  const page = useStore(list.$page);
  const filters = useStore(list.$filters);
  const offset = useStore(list.$offset);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-3">
        <FilterSelect
          id="filter-active"
          label={t('myminers.status')}
          value={filters.is_active ?? ''}
          onChange={(value) => list.setFilter('is_active', value)}
          options={[
            { value: '', label: t('myminers.all') },
            { value: 'true', label: t('myminers.active') },
            { value: 'false', label: t('myminers.inactive') },
          ]}
        />
        {!ownershipType && (
          <FilterSelect
            id="filter-ownership"
            label={t('myminers.type')}
            value={filters.ownership_type ?? ''}
            onChange={(value) => list.setFilter('ownership_type', value)}
            options={[
              { value: '', label: t('myminers.all') },
              { value: 'rent', label: t('myminers.rented') },
              { value: 'own', label: t('myminers.owned') },
            ]}
          />
        )}
      </div>
      <DataState state={page} t={t} minHeight="min-h-[20rem]" onRetry={() => list.$page.revalidate()}>
        {({ results, count }) =>
          results.length === 0 ? (
            <EmptyState>
              <p>{t('myminers.empty')}</p>
              <a href={localizePath('/profilemarketplace', locale)} className="btn-primary">
                {t('myminers.browse')}
              </a>
            </EmptyState>
          ) : (
            <>
              <ul className="grid gap-4 md:grid-cols-2" aria-label={t('screen.myminers.title')}>
                {results.map((item) => (
                  <UserMinerCard key={item.id} item={item} locale={locale} t={t} />
                ))}
              </ul>
              <Pager t={t} locale={locale} count={count} offset={offset} pageSize={list.pageSize} onChange={list.goTo} />
            </>
          )
        }
      </DataState>
    </div>
  );
}

const stateTone = { active: 'bg-positive-50 text-positive-700', paused: 'bg-warning-50 text-warning-700', ended: 'bg-surface-muted text-ink-600' };

function UserMinerCard({ item, locale, t }: { item: UserMiner; locale: Locale; t: T }) {
  return (
    <li className="card flex gap-4 p-4">
      <img src={item.miner.image} alt="" width="96" height="72" loading="lazy" className="h-18 w-24 shrink-0 rounded-md bg-surface-muted object-contain p-1" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 className="font-semibold text-ink-900">{item.miner.name}</h3>
            <p className="text-sm text-ink-600">
              {item.ownership_type === 'rent' ? t('myminers.rented') : t('myminers.owned')} ·{' '}
              <span dir="ltr">{formatHashrate(item.hashrate, item.hashrate_unit, locale)}</span>
            </p>
          </div>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${stateTone[item.status]}`}>{t(`myminers.state.${item.status}`)}</span>
        </div>
        <p className="text-sm text-ink-600">
          {item.ownership_type === 'rent' && item.ends_at
            ? `${t('myminers.started', { date: formatDate(item.started_at, locale) })} · ${t('myminers.ends', { date: formatDate(item.ends_at, locale) })}`
            : t('myminers.ownedSince', { date: formatDate(item.started_at, locale) })}
        </p>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-ink-500">{t('myminers.paid')}</dt>
            <dd className="font-medium tabular-nums">{formatMoney(item.price_paid, item.currency, locale)}</dd>
          </div>
          <div>
            <dt className="text-ink-500">{t('myminers.gross')}</dt>
            <dd className="font-medium tabular-nums">{formatMoney(item.earnings.gross, item.coin, locale)}</dd>
          </div>
          <div>
            <dt className="text-ink-500">{t('myminers.fees')}</dt>
            <dd className="font-medium tabular-nums">{formatMoney(item.earnings.fees, item.coin, locale)}</dd>
          </div>
          <div>
            <dt className="text-ink-500">{t('myminers.earned')}</dt>
            <dd className="font-semibold tabular-nums text-positive-700">{formatMoney(item.earnings.net, item.coin, locale)}</dd>
          </div>
        </dl>
      </div>
    </li>
  );
}
