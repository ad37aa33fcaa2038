import { describe, expect, it } from 'vitest';
import { slidingWait } from './rate-limits.ts';

const window = { key: 'k', start: new Date(0), end: new Date(1000) };

describe('the sliding window estimate', () => {
  it('lets attempts through while the weighted count is within the limit', () => {
    expect(slidingWait({ current: 3, previous: 0 }, 3, window, 500)).toBe(0);
    // Half of the previous window still counts: 1 + 4 * 0.5 = 3.
    expect(slidingWait({ current: 1, previous: 4 }, 3, window, 500)).toBe(0);
  });

  it("waits for the previous window's share to fall far enough", () => {
    // 2 + 4 * 0.75 = 5 > 3; within the limit once 4 * (1 - f) <= 1, at f = 0.75.
    expect(slidingWait({ current: 2, previous: 4 }, 3, window, 250)).toBe(500);
  });

  it('waits into the next window when the current one alone is over the limit', () => {
    // 4 > 3: after the end, 4 * (1 - f) <= 3 from f = 0.25 of the next window.
    expect(slidingWait({ current: 4, previous: 0 }, 3, window, 0)).toBe(1250);
  });
});
