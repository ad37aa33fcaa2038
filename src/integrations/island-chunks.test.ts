import { describe, expect, it } from 'vitest';
import { isIslandEntry, sharedChunkOf } from './island-chunks.ts';

/** A module graph as the bundler reports it: each module with its importers. */
function graph(edges: Record<string, string[]>, entries: string[]) {
  return (id: string) =>
    id in edges ? { isEntry: entries.includes(id), importers: edges[id]!, dynamicImporters: [] as string[] } : null;
}

const island = '/app/src/islands/Wallet.tsx';
const otherIsland = '/app/src/islands/MyMiners.tsx';
const renderer = '/app/node_modules/@astrojs/react/dist/client.js';
const loginScript = '/app/src/pages/[...lang]/login.astro?astro&type=script&index=0&lang.ts';

const getModuleInfo = graph(
  {
    [island]: [],
    [otherIsland]: [],
    [renderer]: [],
    [loginScript]: [],
    '/app/node_modules/react/index.js': [island, otherIsland, renderer],
    '/app/src/stores/session.ts': ['/app/src/stores/api.ts'],
    '/app/src/stores/api.ts': [island, '/app/src/scripts/form-kit.ts'],
    '/app/src/scripts/form-kit.ts': [loginScript],
    '/app/src/islands/shared/Pager.tsx': [otherIsland],
  },
  [island, otherIsland, renderer, loginScript],
);

describe('sharedChunkOf', () => {
  it('puts what only islands reach into the islands file', () => {
    expect(sharedChunkOf('/app/node_modules/react/index.js', getModuleInfo)).toBe('islands-common');
    expect(sharedChunkOf('/app/src/islands/shared/Pager.tsx', getModuleInfo)).toBe('islands-common');
  });

  it('puts what islands and page scripts both reach, through any path, into the shared file', () => {
    expect(sharedChunkOf('/app/src/stores/api.ts', getModuleInfo)).toBe('shared');
    expect(sharedChunkOf('/app/src/stores/session.ts', getModuleInfo)).toBe('shared');
  });

  it('puts what only page scripts reach into the forms file', () => {
    expect(sharedChunkOf('/app/src/scripts/form-kit.ts', getModuleInfo)).toBe('forms-common');
  });

  it('leaves entries and unknown modules to the bundler', () => {
    expect(sharedChunkOf(island, getModuleInfo)).toBeNull();
    expect(sharedChunkOf('/app/unknown.ts', getModuleInfo)).toBeNull();
  });
});

describe('isIslandEntry', () => {
  it('knows island components and the React renderer from page scripts', () => {
    expect(isIslandEntry(island)).toBe(true);
    expect(isIslandEntry(renderer)).toBe(true);
    expect(isIslandEntry('/app/src/islands/shared/Pager.tsx')).toBe(false);
    expect(isIslandEntry(loginScript)).toBe(false);
  });
});
