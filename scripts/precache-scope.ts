// What the service worker precaches of the build's JavaScript: the first bundle and everything it imports,
// and the lazily loaded modules named here with what they import: the signed-in shell, the screen each role
// lands on, and the picker's picklists with the offline outbox. Every other chunk (the spreadsheet reader,
// MSAL, the scanner's fallback, screens opened later) is cached at run time when first used.
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import type { ManifestTransform } from 'workbox-build';

/** Source files (from the project root) whose lazy chunks are precached. */
const PRECACHED_LAZY_MODULES = [
  // The client boot.ts starts once the page has painted.
  'src/client/main.tsx',
  'src/client/routes/_app.tsx',
  'src/client/routes/_app/$.tsx',
  'src/client/routes/unauthorized.tsx',
  'src/client/components/update-prompt.tsx',
  // The app behind the sign-in screen (main.tsx loads it once someone signs in, or at once when signed in).
  'src/client/app.tsx',
  // Where each role lands: Market Admin, Sales Manager, Sales Person, Fulfilment Person.
  'src/client/routes/_app/inventory/index.tsx',
  'src/client/routes/_app/menus/index.tsx',
  'src/client/routes/_app/orders/index.tsx',
  'src/client/routes/_app/orders/picklists/index.tsx',
  // The picker's day with no signal: a picklist, and the outbox its loader loads.
  'src/client/routes/_app/orders/picklists/$picklistId.tsx',
  'src/client/lib/outbox/picklist-cache.ts',
];

/**
 * The plugin records the chunks to precache while the bundle is written; the manifest transform (for
 * vite-plugin-pwa's workbox options) then keeps those of the globbed JavaScript files and every other file.
 */
export function precacheScope(root = process.cwd()): { plugin: Plugin; manifestTransform: ManifestTransform } {
  const lazy = PRECACHED_LAZY_MODULES.map((file) => path.resolve(root, file));
  let chosen: Set<string> | null = null;

  const plugin: Plugin = {
    name: 'precache-scope',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])));
      const isChosenLazy = (chunk: Rolldown.OutputChunk) => chunk.moduleIds.some((id) => lazy.includes(id.split('?')[0]!));
      const wanted = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || wanted.has(fileName)) return;
        wanted.add(fileName);
        chunk.imports.forEach(visit);
        chunk.dynamicImports.filter((target) => chunks.get(target) && isChosenLazy(chunks.get(target)!)).forEach(visit);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      chosen = wanted;
    },
  };

  const manifestTransform: ManifestTransform = async (entries) => {
    if (!chosen) return { manifest: entries, warnings: ['precache-scope: no bundle seen, everything precached'] };
    const keep = chosen;
    return { manifest: entries.filter((entry) => !entry.url.endsWith('.js') || keep.has(entry.url.replace(/^\//, ''))), warnings: [] };
  };

  return { plugin, manifestTransform };
}
