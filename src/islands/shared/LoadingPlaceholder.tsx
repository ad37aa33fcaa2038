/**
 * The spec's "Loading..." placeholder, sized like what it stands for so nothing shifts when data arrives.
 * `minHeight` is a Tailwind class written out in full ('min-h-[30rem]'): Tailwind only generates classes it
 * finds in the source, and a class rather than a style attribute keeps the prerendered HTML within a
 * Content-Security-Policy that allows no inline styles.
 */
export function LoadingPlaceholder({ label, minHeight = 'min-h-[12rem]' }: { label: string; minHeight?: string }) {
  return (
    <div
      role="status"
      className={`flex items-center justify-center rounded-lg border border-dashed border-line-strong bg-surface-muted text-sm font-medium text-ink-600 ${minHeight}`}
    >
      {label}
    </div>
  );
}
