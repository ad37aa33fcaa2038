import { useStore } from '@nanostores/react';
import type { Locale } from '../i18n/locales.ts';
import { formatHashrate, formatMoney, formatNumber } from '../lib/format.ts';
import { createTranslator, type Messages } from '../lib/translator.ts';
import { $dashboard } from '../stores/mining.ts';
import { DataState } from './shared/DataState.tsx';
import { EarningsChart } from './shared/EarningsChart.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
}

/** Balances, total hashrate, earnings today and over 30 days, and the daily chart (GET /api/dashboard/). */
export default function DashboardOverview({ locale, messages }: Props) {
  const t = createTranslator(messages);
  const state = useStore($dashboard);
  // One amount per line, like the balances: amounts joined on one line read out of order in Arabic.
  const list = (items: { currency: string; net: string }[]) =>
    items.length ? items.map((item) => <span key={item.currency}>{formatMoney(item.net, item.currency, locale)}</span>) : t('dash.none');

  return (
    <DataState state={state} t={t} minHeight="min-h-[34rem]" onRetry={() => $dashboard.revalidate()}>
      {(data) => (
        <div className="flex flex-col gap-6">
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <div className="card p-4">
              <dt className="text-sm text-ink-500">{t('dash.balances')}</dt>
              <dd className="mt-1 flex flex-col text-sm font-semibold tabular-nums">
                {data.balances.map((balance) => (
                  <span key={balance.currency}>{formatMoney(balance.amount, balance.currency, locale)}</span>
                ))}
              </dd>
            </div>
            <div className="card p-4">
              <dt className="text-sm text-ink-500">{t('dash.hashrate')}</dt>
              <dd className="mt-1 flex flex-col text-lg font-bold tabular-nums" dir="ltr">
                {data.total_hashrate.length ? data.total_hashrate.map((item) => <span key={item.unit}>{formatHashrate(item.amount, item.unit, locale)}</span>) : t('dash.none')}
              </dd>
              <dd className="text-sm text-ink-500">{t('dash.activeMiners')}: {formatNumber(String(data.active_miners), locale)}</dd>
            </div>
            <div className="card p-4">
              <dt className="text-sm text-ink-500">{t('dash.today')}</dt>
              <dd className="mt-1 flex flex-col text-sm font-semibold tabular-nums text-positive-700">{list(data.earnings_today)}</dd>
            </div>
            <div className="card p-4">
              <dt className="text-sm text-ink-500">{t('dash.month')}</dt>
              <dd className="mt-1 flex flex-col text-sm font-semibold tabular-nums text-positive-700">{list(data.earnings_30d)}</dd>
            </div>
          </dl>
          <section className="card p-5">
            <h2 className="text-lg font-semibold">{t('dash.chart')}</h2>
            <p className="mb-4 text-sm text-ink-600">{t('dash.chartDesc')}</p>
            {data.daily.some((day) => Number(day.usd) > 0) ? (
              <EarningsChart days={data.daily} locale={locale} label={t('dash.chart')} />
            ) : (
              <p className="flex h-52 items-center justify-center text-sm text-ink-500">{t('dash.noEarnings')}</p>
            )}
            <p className="mt-3 text-xs text-ink-500">
              {/* Each "1 BTC = US$…" is a left-to-right isolate (U+2066…U+2069), so it reads the same in Arabic. */}
              {t('dash.valuedAt', { prices: data.assumptions.map((coin) => `\u20661 ${coin.symbol} = ${formatMoney(coin.price_usd, 'USD', locale)}\u2069`).join(', ') })}
            </p>
          </section>
        </div>
      )}
    </DataState>
  );
}
