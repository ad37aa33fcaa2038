import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Locale } from '../i18n/locales.ts';
import { formatDate, formatMoney } from '../lib/format.ts';
import { createTranslator, type Messages } from '../lib/translator.ts';
import type { Transaction } from '../stores/mining.ts';
import { createPagedList } from '../stores/paged-list.ts';
import { DataState, EmptyState } from './shared/DataState.tsx';
import { DataTable } from './shared/DataTable.tsx';
import { FilterSelect } from './shared/FilterSelect.tsx';
import { Pager } from './shared/Pager.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
}

const TYPES = ['deposit', 'withdrawal', 'purchase', 'rent', 'earning', 'fee', 'referral_commission', 'refund'] as const;
const STATUSES = ['pending', 'completed', 'failed', 'cancelled'] as const;
const statusTone = {
  pending: 'bg-warning-50 text-warning-700',
  completed: 'bg-positive-50 text-positive-700',
  failed: 'bg-danger-50 text-danger-700',
  cancelled: 'bg-surface-muted text-ink-600',
};

/** The ledger (GET /api/transactions/): newest first, paged, filtered by type and status. */
export default function Transactions({ locale, messages }: Props) {
  const t = createTranslator(messages);
  const [list] = useState(() => createPagedList<Transaction>('/api/transactions/'));
  const page = useStore(list.$page);
  const filters = useStore(list.$filters);
  const offset = useStore(list.$offset);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-3">
        <FilterSelect id="tx-type" label={t('tx.type')} value={filters.type ?? ''} onChange={(value) => list.setFilter('type', value)}
          options={[{ value: '', label: t('tx.all') }, ...TYPES.map((type) => ({ value: type, label: t(`tx.type.${type}`) }))]} />
        <FilterSelect id="tx-status" label={t('tx.status')} value={filters.status ?? ''} onChange={(value) => list.setFilter('status', value)}
          options={[{ value: '', label: t('tx.all') }, ...STATUSES.map((status) => ({ value: status, label: t(`tx.status.${status}`) }))]} />
      </div>
      {/* On a phone ten rows are taller than the screen: the placeholder fills it so the footer does not show and jump. */}
      <DataState state={page} t={t} minHeight="min-h-[max(28rem,100dvh)] md:min-h-[28rem]" onRetry={() => list.$page.revalidate()}>
        {({ results, count }) =>
          results.length === 0 ? (
            <EmptyState>{t('tx.empty')}</EmptyState>
          ) : (
            <>
              <DataTable
                minWidth="min-w-[36rem]"
                columns={[{ label: t('tx.date') }, { label: t('tx.type') }, { label: t('tx.details') }, { label: t('tx.status') }, { label: t('tx.amount'), end: true }]}
              >
                    {results.map((tx) => (
                      <tr key={tx.id}>
                        <td className="whitespace-nowrap px-4 py-3 text-ink-600">{formatDate(tx.created_at, locale, true)}</td>
                        <td className="whitespace-nowrap px-4 py-3 font-medium">{t(`tx.type.${tx.type}`)}</td>
                        <td className="px-4 py-3 text-ink-600">
                          {tx.description}
                          {tx.earning_date && ` ${t('tx.forDay', { date: formatDate(tx.earning_date, locale) })}`}
                          {tx.fee !== '0' && !/^0(\.0+)?$/.test(tx.fee) && ` (${t('tx.networkFee', { amount: formatMoney(tx.fee, tx.currency, locale) })})`}
                        </td>
                        <td className="px-4 py-3">
                          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[tx.status]}`}>{t(`tx.status.${tx.status}`)}</span>
                        </td>
                        <td className={`whitespace-nowrap px-4 py-3 text-end font-semibold tabular-nums ${tx.amount.startsWith('-') ? 'text-ink-900' : 'text-positive-700'}`}>
                          {formatMoney(tx.amount, tx.currency, locale, { sign: true })}
                        </td>
                      </tr>
                    ))}
              </DataTable>
              <Pager t={t} locale={locale} count={count} offset={offset} pageSize={list.pageSize} onChange={list.goTo} />
            </>
          )
        }
      </DataState>
    </div>
  );
}
