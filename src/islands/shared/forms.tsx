import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { describeApiError, fieldErrors } from '../../lib/api-client.ts';
import type { T } from '../../lib/translator.ts';

/** Busy state and errors of one form's submit, in the shape the server sends them. */
export function useSubmit(t: T) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      await action();
    } catch (failure) {
      const byField = Object.fromEntries(Object.entries(fieldErrors(failure)).map(([key, list]) => [key, list.join(' ')]));
      if (Object.keys(byField).length > 0) setFields(byField);
      else setError(describeApiError(failure, t));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, fields, run, setFields };
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string;
  hint?: string;
}

export function Field({ id, label, error, hint, className, ...input }: FieldProps) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input id={id} className="field-input" aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function Alert({ tone = 'danger', children }: { tone?: 'danger' | 'positive'; children: ReactNode }) {
  const colors = tone === 'danger' ? 'bg-danger-50 text-danger-700' : 'bg-positive-50 text-positive-700';
  return (
    <p role={tone === 'danger' ? 'alert' : 'status'} className={`rounded-md px-3 py-2.5 text-sm ${colors}`}>
      {children}
    </p>
  );
}

export function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="card p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-ink-900">{title}</h2>
      {intro && <p className="mt-1 text-sm text-ink-600">{intro}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
