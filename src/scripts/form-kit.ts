/**
 * Progressive enhancement for the plain-HTML auth forms: no framework, a few hundred
 * bytes. Shows server field errors next to their fields, a form-level error on top,
 * and a busy state on the submit button.
 */
import { ApiError, describeApiError, fieldErrors } from '../lib/api-client.ts';
import { createTranslator, type Messages, type T } from '../lib/translator.ts';

export interface FormKit {
  form: HTMLFormElement;
  t: T;
  values(): Record<string, string>;
  setBusy(busy: boolean): void;
  clearErrors(): void;
  showFieldError(field: string, message: string): void;
  /** Shows what went wrong: field errors by their fields, anything else on top. */
  showError(error: unknown): void;
}

export function createFormKit(form: HTMLFormElement): FormKit {
  const t = createTranslator(JSON.parse(form.dataset.messages ?? '{}') as Messages);
  const formError = form.querySelector<HTMLElement>('[role="alert"]');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const idleLabel = submit?.textContent ?? '';

  const fieldError = (field: string) => form.querySelector<HTMLElement>(`#${form.id.replace(/-form$/, '')}-${field}-error`);

  const kit: FormKit = {
    form,
    t,
    values: () =>
      Object.fromEntries([...new FormData(form).entries()].map(([key, value]) => [key, String(value)])),
    setBusy(busy) {
      if (!submit) return;
      submit.disabled = busy;
      submit.textContent = busy ? (submit.dataset.busyLabel ?? idleLabel) : idleLabel;
      form.setAttribute('aria-busy', String(busy));
    },
    clearErrors() {
      if (formError) formError.hidden = true;
      form.querySelectorAll<HTMLElement>('.field-error').forEach((element) => (element.hidden = true));
      form.querySelectorAll('[aria-invalid]').forEach((element) => element.removeAttribute('aria-invalid'));
    },
    showFieldError(field, message) {
      const element = fieldError(field);
      const input = form.elements.namedItem(field);
      if (!element || !(input instanceof HTMLElement)) {
        if (formError) {
          formError.textContent = message;
          formError.hidden = false;
        }
        return;
      }
      element.textContent = message;
      element.hidden = false;
      input.setAttribute('aria-invalid', 'true');
    },
    showError(error) {
      const fields = Object.entries(fieldErrors(error));
      if (fields.length > 0) {
        fields.forEach(([field, messages]) => kit.showFieldError(field, messages.join(' ')));
        const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
        first?.focus();
        return;
      }
      if (formError) {
        formError.textContent = error instanceof ApiError || !(error instanceof Error) ? describeApiError(error, t) : t('error.server');
        formError.hidden = false;
        formError.focus?.();
      }
    },
  };
  return kit;
}
