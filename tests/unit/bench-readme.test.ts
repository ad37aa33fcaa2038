import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currentSections, README_PATH, withSections } from '../../scripts/bench/readme.ts';

describe('the README benchmark tables', () => {
  it('show what bench/results holds (run `node scripts/bench/readme.ts` after a bench)', () => {
    const readme = readFileSync(README_PATH, 'utf8');
    expect(readme).toBe(withSections(readme, currentSections()));
  });
});
