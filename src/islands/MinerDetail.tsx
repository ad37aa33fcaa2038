import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { Miner } from '../../contracts/miners.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';
import { ApiError } from '../lib/api-client.ts';
import { formatHashrate, formatMoney, formatNumber } from '../lib/format.ts';
import { mul, sub, toFixed } from '../lib/money.ts';
import { idFromPath } from '../lib/routes.ts';
import { createTranslator, type Messages, type T } from '../lib/translator.ts';
import { $miner, $minerId, acquireMiner, type OwnershipType, type UserMiner } from '../stores/mining.ts';
import { Alert, useSubmit } from './shared/forms.tsx';
import { DataState, EmptyState } from './shared/DataState.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
  /** rent (/rentminer/{id}), buy (/marketplace/{id}) or both (/profilemarketplace/{id}). */
  mode: 'rent' | 'buy' | 'both';
  backPath: string;
}

/** One miner: specs, a term picker, the cost and income breakdown, and Rent or Buy. */
export default function MinerDetail({ locale, messages, mode, backPath }: Props) {
  const t = createTranslator(messages);
  useEffect(() => $minerId.set(idFromPath(window.location.pathname)), []);
  const state = useStore($miner);
  const notFound = state.error instanceof ApiError && (state.error.status === 404 || state.error.status === 400);

  return (
    <div className="flex flex-col gap-4">
      <a href={localizePath(backPath, locale)} className="text-sm font-medium text-brand-600 hover:underline">
        <span className="flip-rtl inline-block" aria-hidden="true">←</span> {t('miner.back')}
      </a>
      {notFound ? (
        <EmptyState>{t('miner.notFound')}</EmptyState>
      ) : (
        <DataState state={state} t={t} minHeight="min-h-[32rem]" onRetry={() => $miner.revalidate()}>
          {(miner) => <MinerOffer miner={miner} locale={locale} t={t} mode={mode} />}
        </DataState>
      )}
    </div>
  );
}

function MinerOffer({ miner, locale, t, mode }: { miner: Miner; locale: Locale; t: T; mode: Props['mode'] }) {
  const canRent = mode !== 'buy' && miner.rent_price_per_day !== null && (miner.rent_terms?.length ?? 0) > 0;
  const canBuy = mode !== 'rent' && miner.purchase_price !== null;
  const [ownership, setOwnership] = useState<OwnershipType>(canRent ? 'rent' : 'own');
  const [days, setDays] = useState(miner.rent_terms?.[0] ?? 30);
  const [done, setDone] = useState<UserMiner | null>(null);
  const submit = useSubmit(t);
  const [failure, setFailure] = useState<'funds' | null>(null);
  // One key per intent: a double click or a retry of the same choice is charged once.
  const intent = useRef(crypto.randomUUID());
  useEffect(() => {
    intent.current = crypto.randomUUID();
  }, [ownership, days]);

  const renting = ownership === 'rent';
  const fee = miner.maintenance_fee_per_day;
  const income = miner.estimated_daily_income.usd;
  const termDays = String(renting ? days : 30);
  const price = renting ? mul(miner.rent_price_per_day!, String(days)) : miner.purchase_price!;
  const usd = (value: string) => formatMoney(toFixed(value, 2), 'USD', locale);
  const { assumptions } = miner.estimated_daily_income;

  const acquire = () =>
    submit.run(async () => {
      setFailure(null);
      try {
        setDone(
          await acquireMiner({
            miner: miner.id,
            ownership_type: ownership,
            ...(renting ? { rent_days: days } : {}),
            idempotency_key: intent.current,
          }),
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 400 && /fund|balance/i.test(JSON.stringify(error.data))) setFailure('funds');
        throw error;
      }
    });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <section className="card overflow-hidden">
        <div className="flex aspect-[4/3] items-center justify-center bg-surface-muted">
          <img src={miner.image} alt="" width="360" height="270" className="h-full w-full object-contain p-6" />
        </div>
        <div className="p-5">
          <h2 className="text-xl font-bold text-ink-900">{miner.name}</h2>
          <p className="text-ink-600">{miner.model}</p>
          <h3 className="mt-5 text-sm font-semibold uppercase tracking-wide text-ink-500">{t('miner.specs')}</h3>
          <dl className="mt-2 grid grid-cols-2 gap-y-2 text-sm">
            <dt className="text-ink-500">{t('miners.algorithm')}</dt>
            <dd className="text-end font-medium">{miner.algorithm} · {miner.coin.symbol}</dd>
            <dt className="text-ink-500">{t('miners.hashrate')}</dt>
            <dd className="text-end font-medium tabular-nums" dir="ltr">{formatHashrate(miner.hashrate, miner.hashrate_unit, locale)}</dd>
            <dt className="text-ink-500">{t('miners.power')}</dt>
            <dd className="text-end font-medium tabular-nums" dir="ltr">{formatNumber(String(miner.power_w), locale)} W</dd>
            {miner.efficiency_j_per_th && (
              <>
                <dt className="text-ink-500">{t('miners.efficiency')}</dt>
                <dd className="text-end font-medium tabular-nums" dir="ltr">{formatNumber(miner.efficiency_j_per_th, locale, 1)} J/TH</dd>
              </>
            )}
            <dt className="text-ink-500">{t('miners.maintenance')}</dt>
            <dd className="text-end font-medium tabular-nums">{t('miners.perDay', { amount: formatMoney(fee, 'USDT', locale) })}</dd>
          </dl>
        </div>
      </section>

      <section className="card flex flex-col gap-5 p-5" aria-labelledby="offer-title">
        <h2 id="offer-title" className="text-lg font-semibold text-ink-900">{t('miner.breakdown')}</h2>
        {canRent && canBuy && (
          <fieldset>
            <legend className="field-label">{t('miner.chooseHow')}</legend>
            <div className="grid grid-cols-2 gap-2">
              {(['rent', 'own'] as const).map((kind) => (
                <label key={kind} className={`btn cursor-pointer border ${ownership === kind ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-line-strong bg-surface'}`}>
                  <input type="radio" name="ownership" value={kind} checked={ownership === kind} onChange={() => setOwnership(kind)} className="sr-only" />
                  {kind === 'rent' ? t('miners.forRent') : t('miners.forSale')}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {renting && (
          <fieldset>
            <legend className="field-label">{t('miner.term')}</legend>
            <div className="flex flex-wrap gap-2">
              {miner.rent_terms!.map((term) => (
                <label key={term} className={`btn cursor-pointer border ${days === term ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-line-strong bg-surface'}`}>
                  <input type="radio" name="term" value={term} checked={days === term} onChange={() => setDays(term)} className="sr-only" />
                  {t('miner.days', { count: formatNumber(String(term), locale) })}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-line text-ink-500">
              <th scope="col" className="py-2 text-start font-medium">{t('miner.item')}</th>
              <th scope="col" className="py-2 text-end font-medium">{t('miner.perDayCol')}</th>
              <th scope="col" className="py-2 text-end font-medium">{t('miner.termCol', { days: formatNumber(termDays, locale) })}</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            <tr className="border-b border-line">
              <th scope="row" className="py-2 text-start font-medium">{t('miner.price')}</th>
              <td className="py-2 text-end">{renting ? formatMoney(miner.rent_price_per_day!, 'USDT', locale) : '—'}</td>
              <td className="py-2 text-end font-semibold">{formatMoney(price, 'USDT', locale)}</td>
            </tr>
            <tr className="border-b border-line">
              <th scope="row" className="py-2 text-start font-medium">{t('miner.estIncome')}</th>
              <td className="py-2 text-end">{usd(income)}</td>
              <td className="py-2 text-end">{usd(mul(income, termDays))}</td>
            </tr>
            <tr className="border-b border-line">
              <th scope="row" className="py-2 text-start font-medium">{t('miner.maintenanceLine')}</th>
              <td className="py-2 text-end">−{usd(fee)}</td>
              <td className="py-2 text-end">−{usd(mul(fee, termDays))}</td>
            </tr>
            <tr>
              <th scope="row" className="py-2 text-start font-semibold">{t('miner.estNet')}</th>
              <td className="py-2 text-end font-semibold">{usd(sub(income, fee))}</td>
              <td className="py-2 text-end font-semibold">{usd(sub(mul(income, termDays), mul(fee, termDays)))}</td>
            </tr>
          </tbody>
        </table>
        <p className="text-xs text-ink-500">
          {t('miner.assumptions', {
            revenue: formatNumber(assumptions.revenue_per_unit_day, locale, 12),
            coin: miner.coin.symbol,
            unit: assumptions.hash_unit,
            price: formatMoney(assumptions.coin_price_usd, 'USD', locale),
          })}{' '}
          {t('miner.feeNote')}
        </p>
        <p className="text-sm text-ink-600">{renting ? t('miner.rentNote') : t('miner.buyNote')}</p>
        {done ? (
          <div className="flex flex-col gap-3">
            <Alert tone="positive">{t('miner.success', { name: miner.name })}</Alert>
            <a href={localizePath('/myminers', locale)} className="btn-primary">{t('miner.openMyMiners')}</a>
          </div>
        ) : (
          <>
            {submit.error && <Alert>{submit.error}</Alert>}
            {Object.values(submit.fields).length > 0 && <Alert>{Object.values(submit.fields).join(' ')}</Alert>}
            {failure === 'funds' && (
              <a href={localizePath('/wallet', locale)} className="btn-secondary">{t('miner.topUp')}</a>
            )}
            <button type="button" className="btn-primary w-full" disabled={submit.busy || miner.stock === 0} onClick={acquire}>
              {submit.busy
                ? t('miner.confirming')
                : miner.stock === 0
                  ? t('miners.soldOut')
                  : t(renting ? 'miner.rent' : 'miner.buy', { amount: formatMoney(price, 'USDT', locale) })}
            </button>
          </>
        )}
      </section>
    </div>
  );
}

