/**
 * Progressive enhancement for the plain-HTML auth forms, with no framework: client
 * checks that mirror the server's, server field errors next to their fields, a
 * form-level error on top, and a busy state on the submit button.
 */
import { ApiError, apiRequest, describeApiError, fieldErrors } from '../lib/api-client.ts';
import { createTranslator, type Messages, type T } from '../lib/translator.ts';
import type { MessageKey } from '../i18n/dictionary.ts';

export interface FormKit {
  form: HTMLFormElement;
  t: T;
  values(): Record<string, string>;
  setBusy(busy: boolean): void;
  clearErrors(): void;
  /** Shows the message of each failed check by its field; true when all passed. */
  check(problems: Record<string, MessageKey | null>): boolean;
  showFieldError(field: string, message: string): void;
  /** Shows what went wrong: field errors by their fields, anything else on top. */
  showError(error: unknown): void;
  showNotice(message: string): void;
  post<R>(path: string, body: unknown): Promise<R>;
}

export function createFormKit(form: HTMLFormElement): FormKit {
  const t = createTranslator(JSON.parse(form.dataset.messages ?? '{}') as Messages);
  const prefix = form.id.replace(/-form$/, '');
  const formError = form.querySelector<HTMLElement>('[data-form-error]');
  const notice = form.querySelector<HTMLElement>('[data-form-notice]');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const idleLabel = submit?.textContent ?? '';

  const showTop = (message: string) => {
    if (!formError) return;
    formError.textContent = message;
    formError.hidden = false;
  };

  const kit: FormKit = {
    form,
    t,
    values: () => Object.fromEntries([...new FormData(form)].map(([key, value]) => [key, String(value)])),
    setBusy(busy) {
      form.setAttribute('aria-busy', String(busy));
      if (!submit) return;
      submit.disabled = busy;
      submit.textContent = busy ? (submit.dataset.busyLabel ?? idleLabel) : idleLabel;
    },
    clearErrors() {
      if (formError) formError.hidden = true;
      if (notice) notice.hidden = true;
      form.querySelectorAll<HTMLElement>('.field-error').forEach((element) => (element.hidden = true));
      form.querySelectorAll('[aria-invalid]').forEach((element) => element.removeAttribute('aria-invalid'));
    },
    check(problems) {
      const failed = Object.entries(problems).filter((entry): entry is [string, MessageKey] => entry[1] !== null);
      failed.forEach(([field, key]) => kit.showFieldError(field, t(key, { limit: 128 })));
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return failed.length === 0;
    },
    showFieldError(field, message) {
      const element = form.querySelector<HTMLElement>(`#${prefix}-${field}-error`);
      const input = form.querySelector<HTMLElement>(`#${prefix}-${field}`);
      if (!element || !input) return showTop(message);
      element.textContent = message;
      element.hidden = false;
      input.setAttribute('aria-invalid', 'true');
    },
    showError(error) {
      const fields = Object.entries(fieldErrors(error));
      if (fields.length > 0) {
        fields.forEach(([field, messages]) => kit.showFieldError(field, messages.join(' ')));
        form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
        return;
      }
      showTop(error instanceof ApiError ? describeApiError(error, t) : t('error.server'));
    },
    showNotice(message) {
      if (!notice) return;
      notice.textContent = message;
      notice.hidden = false;
    },
    post: (path, body) => apiRequest(path, { method: 'POST', body, lang: document.documentElement.lang }),
  };
  return kit;
}

/** Wires a form: prevents the native submit, clears old errors, runs `action` busy. */
export function onSubmit(kit: FormKit, action: (values: Record<string, string>) => Promise<void> | void): void {
  kit.form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (kit.form.getAttribute('aria-busy') === 'true') return;
    kit.clearErrors();
    kit.setBusy(true);
    try {
      await action(kit.values());
    } catch (error) {
      kit.showError(error);
    } finally {
      kit.setBusy(false);
    }
  });
}

/** A "send a new code" button that counts down its cooldown (resend_after from the API). */
export function resendCountdown(button: HTMLButtonElement, t: T, readyAt: () => number): () => void {
  const idle = button.textContent ?? '';
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    const seconds = Math.ceil((readyAt() - Date.now()) / 1000);
    button.disabled = seconds > 0;
    button.textContent = seconds > 0 ? t('auth.resendIn', { seconds }) : idle;
    if (seconds <= 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  return () => {
    tick();
    if (!timer) timer = setInterval(tick, 1000);
  };
}
