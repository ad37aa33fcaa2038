import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { T } from '../../lib/translator.ts';
import { $push, disablePush, enablePush, loadPushState } from '../../stores/push.ts';
import { Alert, Section } from '../shared/forms.tsx';

/** The profile's push switch; subscribing needs the browser vendor's push service, so failures are explained. */
export function PushSwitch({ t }: { t: T }) {
  const push = useStore($push);
  const [busy, setBusy] = useState(false);
  useEffect(() => void loadPushState(), []);
  const on = push?.state === 'on';
  const toggle = async () => {
    setBusy(true);
    await (on ? disablePush() : enablePush(navigator.userAgent)).finally(() => setBusy(false));
  };

  return (
    <Section title={t('push.title')} intro={t('push.intro')}>
      <div className="flex flex-col gap-3">
        {push?.state === 'unsupported' && <Alert>{t('push.unsupported')}</Alert>}
        {push?.state === 'blocked' && <Alert>{t('push.blocked')}</Alert>}
        {push?.state === 'error' && <Alert>{t('push.failed', { reason: push.reason })}</Alert>}
        <label className="flex cursor-pointer items-center justify-between gap-4">
          <span className="font-medium text-ink-900">{t('push.switch')}</span>
          <button
            type="button"
            role="switch"
            aria-checked={on}
            disabled={busy || !push || push.state === 'unsupported'}
            onClick={toggle}
            className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-50 ${on ? 'bg-brand-600' : 'bg-line-strong'}`}
          >
            <span className={`inline-block size-5 rounded-full bg-white shadow-card transition-transform ${on ? 'translate-x-6 rtl:-translate-x-6' : 'translate-x-1 rtl:-translate-x-1'}`} />
          </button>
        </label>
      </div>
    </Section>
  );
}
