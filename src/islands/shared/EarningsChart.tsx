import type { Locale } from '../../i18n/locales.ts';
import { formatMoney } from '../../lib/format.ts';

interface Props {
  days: { date: string; usd: string }[];
  locale: Locale;
  label: string;
}

const WIDTH = 600;
const HEIGHT = 200;
const PAD_BOTTOM = 24;

/**
 * Daily earnings as plain SVG bars: no chart library, a few hundred bytes. Values are
 * scaled with floats only for drawing; every number a person reads comes from the
 * decimal strings. Bars run in reading direction (the SVG mirrors in RTL).
 */
export function EarningsChart({ days, locale, label }: Props) {
  const values = days.map((day) => Math.max(0, Number(day.usd)));
  const max = Math.max(...values, 0.01);
  const slot = WIDTH / Math.max(days.length, 1);
  const dateFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-52 w-full [[dir=rtl]_&]:-scale-x-100" role="img" aria-label={label} preserveAspectRatio="none">
        <line x1="0" y1={HEIGHT - PAD_BOTTOM} x2={WIDTH} y2={HEIGHT - PAD_BOTTOM} stroke="var(--color-line-strong)" />
        {days.map((day, index) => {
          const height = ((HEIGHT - PAD_BOTTOM - 8) * values[index]!) / max;
          return (
            <rect key={day.date} x={index * slot + slot * 0.15} y={HEIGHT - PAD_BOTTOM - height} width={slot * 0.7} height={height} rx="2" fill="var(--color-brand-500)">
              <title>{`${dateFormat.format(new Date(day.date))}: ${formatMoney(day.usd, 'USD', locale)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-ink-500">
        <span>{days[0] && dateFormat.format(new Date(days[0].date))}</span>
        <span>{days.at(-1) && dateFormat.format(new Date(days.at(-1)!.date))}</span>
      </figcaption>
    </figure>
  );
}
