import type en from './en.ts';

export type MessageKey = keyof typeof en;
/** A locale's strings: exactly the English keys, so a missing or extra key fails the typecheck. */
export type Dictionary = { readonly [K in MessageKey]: string };
export type MessageParams = Record<string, string | number>;

/** Fills {name} placeholders. Unknown placeholders are left visible so a missing param is noticed. */
export function format(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
