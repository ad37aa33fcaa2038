import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Locale } from '../i18n/locales.ts';
import { formatDate, formatMoney, formatNumber } from '../lib/format.ts';
import { mul } from '../lib/money.ts';
import { createTranslator, type Messages } from '../lib/translator.ts';
import { $referralInfo, type Referral } from '../stores/mining.ts';
import { createPagedList } from '../stores/paged-list.ts';
import { CopyButton } from './shared/CopyButton.tsx';
import { DataState, EmptyState } from './shared/DataState.tsx';
import { DataTable } from './shared/DataTable.tsx';
import { Pager } from './shared/Pager.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
}

/** The referral link with a copy button, the figures, and who joined (GET /api/referral_info/, /api/referrals/). */
export default function Referrals({ locale, messages }: Props) {
  const t = createTranslator(messages);
  const info = useStore($referralInfo);
  const [list] = useState(() => createPagedList<Referral>('/api/referrals/'));
  const page = useStore(list.$page);
  const offset = useStore(list.$offset);

  return (
    <div className="flex flex-col gap-6">
      <DataState state={info} t={t} minHeight="min-h-[14rem]" onRetry={() => $referralInfo.revalidate()}>
        {(data) => (
          <>
            <section className="card flex flex-col gap-3 p-5">
              <h2 className="text-lg font-semibold">{t('ref.yourLink')}</h2>
              <p className="text-sm text-ink-600">{t('ref.rate', { rate: `${formatNumber(mul(data.rate, '100'), locale, 2)}%` })}</p>
              <div className="flex flex-col gap-2 sm:flex-row">
                <input readOnly value={data.link} aria-label={t('ref.yourLink')} className="field-input font-mono text-sm" dir="ltr" onFocus={(event) => event.target.select()} />
                <CopyButton value={data.link} label={t('ref.copy')} copiedLabel={t('ref.copied')} className="btn-primary shrink-0" />
              </div>
              <p className="text-sm text-ink-500">{t('ref.code', { code: data.code })}</p>
            </section>
            <dl className="grid gap-3 sm:grid-cols-3">
              <div className="card p-4">
                <dt className="text-sm text-ink-500">{t('ref.referred')}</dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums">{formatNumber(String(data.referred_count), locale)}</dd>
              </div>
              <div className="card p-4">
                <dt className="text-sm text-ink-500">{t('ref.active')}</dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums">{formatNumber(String(data.active_referred_count), locale)}</dd>
              </div>
              <div className="card p-4">
                <dt className="text-sm text-ink-500">{t('ref.earned')}</dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums text-positive-700">
                  {data.totals.length ? data.totals.map((total) => formatMoney(total.amount, total.currency, locale)).join(' · ') : formatMoney('0', 'USDT', locale)}
                </dd>
              </div>
            </dl>
          </>
        )}
      </DataState>
      <section>
        <h2 className="mb-3 text-lg font-semibold">{t('ref.list')}</h2>
        <DataState state={page} t={t} minHeight="min-h-[12rem]" onRetry={() => list.$page.revalidate()}>
          {({ results, count }) =>
            results.length === 0 ? (
              <EmptyState>{t('ref.empty')}</EmptyState>
            ) : (
              <>
                <DataTable
                  minWidth="min-w-[30rem]"
                  columns={[{ label: t('ref.user') }, { label: t('ref.joined') }, { label: t('ref.spent'), end: true }, { label: t('ref.commission'), end: true }]}
                >
                      {results.map((referral) => (
                        <tr key={referral.id}>
                          <td className="px-4 py-3 font-medium" dir="auto">{referral.username}</td>
                          <td className="px-4 py-3 text-ink-600">{formatDate(referral.date_joined, locale)}</td>
                          <td className="px-4 py-3 text-end tabular-nums">{formatMoney(referral.total_spent, 'USDT', locale)}</td>
                          <td className="px-4 py-3 text-end font-semibold tabular-nums text-positive-700">{formatMoney(referral.commission_earned, 'USDT', locale)}</td>
                        </tr>
                      ))}
                </DataTable>
                <Pager t={t} locale={locale} count={count} offset={offset} pageSize={list.pageSize} onChange={list.goTo} />
              </>
            )
          }
        </DataState>
      </section>
    </div>
  );
}
