/** The spec's "Loading..." placeholder, sized like what it stands for so nothing shifts when data arrives. */
export function LoadingPlaceholder({ label, minHeight = '12rem' }: { label: string; minHeight?: string }) {
  return (
    <div
      role="status"
      className="flex items-center justify-center rounded-lg border border-dashed border-line-strong bg-surface-muted text-sm font-medium text-ink-600"
      style={{ minHeight }}
    >
      {label}
    </div>
  );
}
