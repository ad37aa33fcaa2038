/**
 * How the browser JavaScript is cut into files. Left to itself the bundler makes one file
 * per shared module: 17 scripts on /rentminer. Over HTTP/1.1, six at a time, each extra
 * round of requests costs a slow phone network's round trip before an island can render
 * its data. So shared code goes into three files, by who needs it:
 *   - `shared`: modules both the islands and the auth pages' plain scripts use (storage keys,
 *     the API client, the translator);
 *   - `islands-common`: what two or more islands share (React, nanostores, shared components);
 *   - `forms-common`: what two or more auth-page scripts share.
 * Each island and each page script keeps its own code in its own file, and an auth page
 * never downloads React.
 */
import type { Plugin } from 'vite';

interface GraphModule {
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
}
type GetModuleInfo = (id: string) => GraphModule | null;

/** Entry modules that hydrate islands: the components under src/islands/ and the React renderer. */
export function isIslandEntry(id: string): boolean {
  return /[\\/]src[\\/]islands[\\/][^\\/]+\.tsx$/.test(id) || /@astrojs[\\/]react[\\/].*client/.test(id);
}

/** The entry modules from which `id` is reachable through static or dynamic imports. */
export function reachingEntries(id: string, getModuleInfo: GetModuleInfo): Set<string> {
  const entries = new Set<string>();
  const seen = new Set<string>();
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    const info = getModuleInfo(current);
    if (!info) continue;
    if (info.isEntry) entries.add(current);
    queue.push(...info.importers, ...info.dynamicImporters);
  }
  return entries;
}

export type SharedChunk = 'shared' | 'islands-common' | 'forms-common';

/** Which shared file a (non-entry) module belongs in, from the kinds of entry that reach it. */
export function sharedChunkOf(id: string, getModuleInfo: GetModuleInfo): SharedChunk | null {
  const entries = reachingEntries(id, getModuleInfo);
  if (entries.size === 0 || entries.has(id)) return null;
  const byIslands = [...entries].some(isIslandEntry);
  const byPages = [...entries].some((entry) => !isIslandEntry(entry));
  return byIslands && byPages ? 'shared' : byIslands ? 'islands-common' : 'forms-common';
}

/** Vite plugin: applies the split above to the browser build only (prerendering runs on the server). */
export function islandChunks(): Plugin {
  const group = (accepts: (chunk: SharedChunk | null) => boolean, priority: number) => ({
    name: (id: string, ctx: { getModuleInfo: (id: string) => GraphModule | null }) => {
      const chunk = sharedChunkOf(id, (moduleId) => ctx.getModuleInfo(moduleId));
      return chunk && accepts(chunk) ? chunk : null;
    },
    minShareCount: 2,
    priority,
  });
  return {
    name: 'hashharbor:island-chunks',
    applyToEnvironment: (environment) => environment.name === 'client',
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          // `shared` first: whatever it holds is also what the other two import, and a group takes
          // its modules' imports along unless another group has already taken them.
          groups: [group((chunk) => chunk === 'shared', 2), group((chunk) => chunk !== 'shared', 1)],
        },
      };
    },
  };
}
