import { describe, expect, it } from 'vitest';
import { pageLinks } from './pagination.ts';

describe('pageLinks', () => {
  it('links the next page while there are more items', () => {
    expect(pageLinks('/api/miners/', 10, 0, 25)).toEqual({ next: '/api/miners/?limit=10&offset=10', previous: null });
    expect(pageLinks('/api/miners/?limit=10&offset=10', 10, 10, 25)).toEqual({
      next: '/api/miners/?limit=10&offset=20',
      previous: '/api/miners/?limit=10&offset=0',
    });
    expect(pageLinks('/api/miners/?offset=20', 10, 20, 25)).toEqual({
      next: null,
      previous: '/api/miners/?offset=10&limit=10',
    });
  });

  it('has neither link when everything fits on one page', () => {
    expect(pageLinks('/api/miners/', 10, 0, 10)).toEqual({ next: null, previous: null });
    expect(pageLinks('/api/miners/', 10, 0, 0)).toEqual({ next: null, previous: null });
  });

  it('never points the previous link below zero', () => {
    expect(pageLinks('/api/miners/?offset=3&limit=10', 10, 3, 25).previous).toBe('/api/miners/?offset=0&limit=10');
  });

  it('points back at the last page from beyond the end', () => {
    expect(pageLinks('/api/miners/?offset=100', 10, 100, 25)).toEqual({
      next: null,
      previous: '/api/miners/?offset=15&limit=10',
    });
    expect(pageLinks('/api/miners/?offset=100', 10, 100, 0).previous).toBe('/api/miners/?offset=0&limit=10');
  });

  it('keeps the other query parameters and the path', () => {
    expect(pageLinks('/api/user-miners/?is_active=true&miner=3', 5, 0, 12).next).toBe(
      '/api/user-miners/?is_active=true&miner=3&limit=5&offset=5',
    );
  });
});
