import { iconPaths, type IconName } from '../../lib/icons.ts';

interface Props {
  name: IconName;
  className?: string;
}

/** The island twin of components/Icon.astro, drawing from the same path data. */
export function SvgIcon({ name, className = 'size-5' }: Props) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={{ __html: iconPaths[name] }}
    />
  );
}
