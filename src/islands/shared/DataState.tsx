import { useDeferredValue, type ReactNode } from 'react';
import { describeApiError } from '../../lib/api-client.ts';
import type { T } from '../../lib/translator.ts';
import { LoadingPlaceholder } from './LoadingPlaceholder.tsx';

interface Props<D> {
  state: { data?: D; loading: boolean; error?: unknown };
  t: T;
  /** Height of the placeholder, close to the loaded content's, so nothing shifts: a Tailwind class, 'min-h-[30rem]'. */
  minHeight?: string;
  onRetry?: () => void;
  children: (data: D) => ReactNode;
}

/** Loading..., a translated error with a retry, or the data (spec §8 error classes). */
export function DataState<D>({ state, t, minHeight, onRetry, children }: Props<D>) {
  // Data that arrives while the placeholder shows is rendered as a transition: React builds a
  // long list in slices of a few milliseconds, so a slow phone stays responsive to taps
  // meanwhile, instead of one long task (most of the blocking time Lighthouse measured on
  // the data screens). Later updates, with data already on screen, render at once.
  const shown = useDeferredValue(state.data !== undefined);
  if (state.data !== undefined && shown) return <>{children(state.data)}</>;
  if (state.error && state.data === undefined) {
    return (
      <div role="alert" className={`flex flex-col items-start gap-3 rounded-lg border border-danger-600/30 bg-danger-50 p-4 text-sm text-danger-700 ${minHeight ?? ''}`}>
        <p>{describeApiError(state.error, t)}</p>
        {onRetry && (
          <button type="button" className="btn-secondary" onClick={onRetry}>
            {t('app.retry')}
          </button>
        )}
      </div>
    );
  }
  return <LoadingPlaceholder label={t('app.loading')} minHeight={minHeight} />;
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-line-strong bg-surface px-4 py-10 text-center text-ink-600">
      {children}
    </div>
  );
}
