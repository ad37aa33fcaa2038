import { useStore } from '@nanostores/react';
import { useState, type SubmitEvent } from 'react';
import type { Locale } from '../i18n/locales.ts';
import { formatDate, formatMoney } from '../lib/format.ts';
import { add, compare, isDecimal } from '../lib/money.ts';
import { createTranslator, type Messages, type T } from '../lib/translator.ts';
import { $wallet, createDeposit, createWithdrawal, verifyDeposits, type Transaction, type Wallet as WalletData } from '../stores/mining.ts';
import { createPagedList } from '../stores/paged-list.ts';
import { $user } from '../stores/session.ts';
import { Alert, Field, Section, useSubmit } from './shared/forms.tsx';
import { CopyButton } from './shared/CopyButton.tsx';
import { DataState } from './shared/DataState.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
}

const AMOUNT = /^\d{1,12}(\.\d{1,8})?$/;

/** Balances per currency, a deposit through the payment gateway, and a withdrawal request. */
export default function Wallet({ locale, messages }: Props) {
  const t = createTranslator(messages);
  const wallet = useStore($wallet);
  return (
    <DataState state={wallet} t={t} minHeight="min-h-[36rem]" onRetry={() => $wallet.revalidate()}>
      {(data) => (
        <div className="flex flex-col gap-6">
          <Balances data={data} t={t} locale={locale} />
          <div className="grid gap-6 lg:grid-cols-2">
            <DepositForm data={data} t={t} locale={locale} />
            <WithdrawalForm data={data} t={t} locale={locale} />
          </div>
          <PendingList t={t} locale={locale} />
        </div>
      )}
    </DataState>
  );
}

function Balances({ data, t, locale }: { data: WalletData; t: T; locale: Locale }) {
  return (
    <section aria-label={t('wallet.balances')}>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {data.balances.map((balance) => (
          <li key={balance.currency} className="card p-4">
            <p className="text-sm font-medium text-ink-500">{balance.currency}</p>
            <p className="mt-1 text-lg font-bold tabular-nums text-ink-900">{formatMoney(balance.amount, balance.currency, locale)}</p>
            {compare(balance.reserved, '0') > 0 && (
              <p className="mt-1 text-xs text-warning-700">{t('wallet.reserved', { amount: formatMoney(balance.reserved, balance.currency, locale) })}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function CurrencySelect({ id, currencies, value, onChange, t }: { id: string; currencies: string[]; value: string; onChange: (v: string) => void; t: T }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">{t('wallet.currency')}</label>
      <select id={id} name="currency" value={value} onChange={(event) => onChange(event.target.value)} className="field-input">
        {currencies.map((currency) => <option key={currency}>{currency}</option>)}
      </select>
    </div>
  );
}

function DepositForm({ data, t, locale }: { data: WalletData; t: T; locale: Locale }) {
  const [currency, setCurrency] = useState(data.deposit.currencies[0] ?? 'USDT');
  const [deposit, setDeposit] = useState<Transaction | null>(null);
  const [checked, setChecked] = useState<string | null>(null);
  const form = useSubmit(t);
  const check = useSubmit(t);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amount = String(new FormData(event.currentTarget).get('amount') ?? '').trim();
    if (!AMOUNT.test(amount) || compare(amount, '0') <= 0) return form.setFields({ amount: t('wallet.amountInvalid') });
    setChecked(null);
    form.run(async () => setDeposit(await createDeposit(currency, amount)));
  };
  const verify = () =>
    check.run(async () => {
      const result = await verifyDeposits();
      setChecked(result.completed > 0 ? t('wallet.confirmed') : t('wallet.stillPending'));
      if (result.completed > 0) setDeposit(null);
    });
  const instructions = deposit?.payment_instructions;

  return (
    <Section title={t('wallet.deposit')}>
      {data.deposit.test_mode && (
        <p className="mb-4 rounded-md bg-warning-50 px-3 py-2 text-sm text-warning-700">
          <strong className="me-1 uppercase">{t('wallet.testMode')}</strong>
          {t('wallet.testModeNote')}
        </p>
      )}
      {checked && <div className="mb-4"><Alert tone="positive">{checked}</Alert></div>}
      {instructions ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-ink-700">{t('wallet.sendTo', { amount: formatMoney(instructions.amount, instructions.currency, locale) })}</p>
          <div className="rounded-md bg-surface-muted p-3">
            <p className="text-xs font-medium text-ink-500">{t('wallet.address')}</p>
            <p className="break-all font-mono text-sm text-ink-900" dir="ltr">{instructions.address}</p>
            <p className="mt-2 text-xs font-medium text-ink-500">{t('wallet.memo')}</p>
            <p className="font-mono text-sm text-ink-900" dir="ltr">{instructions.memo}</p>
            <p className="mt-2 text-xs text-ink-500">{t('wallet.expires', { date: formatDate(instructions.expires_at, locale, true) })}</p>
          </div>
          {check.error && <Alert>{check.error}</Alert>}
          <div className="flex flex-wrap gap-2">
            <CopyButton value={instructions.address} label={t('wallet.copy')} copiedLabel={t('wallet.copied')} />
            <button type="button" className="btn-primary" onClick={verify} disabled={check.busy}>
              {check.busy ? t('wallet.checking') : t('wallet.checkPayment')}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {form.error && <Alert>{form.error}</Alert>}
          <CurrencySelect id="deposit-currency" currencies={data.deposit.currencies} value={currency} onChange={setCurrency} t={t} />
          <Field id="deposit-amount" name="amount" label={t('wallet.amount')} inputMode="decimal" autoComplete="off" maxLength={21} dir="ltr" error={form.fields.amount} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary" disabled={form.busy}>{t('wallet.createDeposit')}</button>
            <button type="button" className="btn-ghost" onClick={verify} disabled={check.busy}>
              {check.busy ? t('wallet.checking') : t('wallet.checkPayment')}
            </button>
          </div>
        </form>
      )}
    </Section>
  );
}

function WithdrawalForm({ data, t, locale }: { data: WalletData; t: T; locale: Locale }) {
  const rules = data.withdrawal.rules;
  const [currency, setCurrency] = useState(rules[0]?.currency ?? 'USDT');
  const [amount, setAmount] = useState('');
  const [done, setDone] = useState(false);
  const user = useStore($user);
  const form = useSubmit(t);
  const rule = rules.find((item) => item.currency === currency)!;
  const total = isDecimal(amount) ? add(amount, rule.fee) : null;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const value = amount.trim();
    if (!AMOUNT.test(value)) return form.setFields({ amount: t('wallet.amountInvalid') });
    if (compare(value, rule.minimum) < 0) return form.setFields({ amount: t('wallet.belowMinimum', { amount: formatMoney(rule.minimum, currency, locale) }) });
    if (!values.address?.trim()) return form.setFields({ address: t('error.required') });
    setDone(false);
    form.run(async () => {
      await createWithdrawal({ currency, amount: value, address: values.address!.trim(), ...(values.code ? { code: values.code.trim() } : {}) });
      setDone(true);
      setAmount('');
      (event.target as HTMLFormElement).reset();
    });
  };

  return (
    <Section title={t('wallet.withdraw')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {form.error && <Alert>{form.error}</Alert>}
        {done && <Alert tone="positive">{t('wallet.withdrawalRequested')}</Alert>}
        <CurrencySelect id="withdraw-currency" currencies={rules.map((item) => item.currency)} value={currency} onChange={setCurrency} t={t} />
        <Field id="withdraw-amount" name="amount" label={t('wallet.amount')} hint={t('wallet.minimum', { amount: formatMoney(rule.minimum, currency, locale) })} inputMode="decimal" autoComplete="off" maxLength={21} dir="ltr" value={amount} onChange={(event) => setAmount(event.target.value)} error={form.fields.amount} />
        <Field id="withdraw-address" name="address" label={t('wallet.withdrawAddress')} placeholder={rule.address_hint} autoComplete="off" spellCheck={false} maxLength={128} dir="ltr" error={form.fields.address} />
        {user && 'totp_enabled' in user && user.totp_enabled && (
          <Field id="withdraw-code" name="code" label={t('wallet.twoFactorCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={20} error={form.fields.code} />
        )}
        <dl className="grid grid-cols-2 gap-y-1 rounded-md bg-surface-muted p-3 text-sm">
          <dt className="text-ink-500">{t('wallet.fee')}</dt>
          <dd className="text-end tabular-nums">{formatMoney(rule.fee, currency, locale)}</dd>
          <dt className="font-medium text-ink-700">{t('wallet.totalDebit')}</dt>
          <dd className="text-end font-semibold tabular-nums">{total ? formatMoney(total, currency, locale) : '—'}</dd>
        </dl>
        <div>
          <button type="submit" className="btn-primary" disabled={form.busy}>{t('wallet.requestWithdrawal')}</button>
        </div>
      </form>
    </Section>
  );
}

function PendingList({ t, locale }: { t: T; locale: Locale }) {
  const [list] = useState(() => createPagedList<Transaction>('/api/transactions/', { status: 'pending' }, 5));
  const page = useStore(list.$page);
  return (
    <Section title={t('wallet.recent')}>
      <DataState state={page} t={t} minHeight="min-h-[6rem]">
        {({ results }) =>
          results.length === 0 ? (
            <p className="text-sm text-ink-600">{t('wallet.noPending')}</p>
          ) : (
            <ul className="divide-y divide-line">
              {results.map((tx) => (
                <li key={tx.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span>
                    <span className="font-medium">{t(`tx.type.${tx.type}`)}</span>{' '}
                    <span className="text-ink-500">{formatDate(tx.created_at, locale, true)}</span>
                  </span>
                  <span className="font-semibold tabular-nums">{formatMoney(tx.amount, tx.currency, locale, { sign: true })}</span>
                </li>
              ))}
            </ul>
          )
        }
      </DataState>
    </Section>
  );
}
