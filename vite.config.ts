// Builds the PWA. In development Vite serves it and proxies /api to the server on API_PORT (8080).
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { clientContract } from './scripts/client-contract.ts';
import { precacheScope } from './scripts/precache-scope.ts';
import { signInStyles } from './scripts/sign-in-styles.ts';

const apiPort = process.env.API_PORT ?? '8080';

/**
 * Writes .br and .gz beside every text asset of the build, once, so the server sends them compressed
 * without compressing on each request. Runs last, after the service worker is generated.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|map|wasm)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!compressible.test(file) || file.endsWith('.map')) continue;
          const content = readFileSync(file);
          if (content.length < 1024) continue;
          writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

const precache = precacheScope();

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/routeTree.gen.ts',
      autoCodeSplitting: true,
      quoteStyle: 'single',
    }),
    clientContract(),
    react(),
    tailwindcss(),
    // The sign-in page's own small style sheet, a second input: the server writes it into /login.
    signInStyles(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      // The icons are in the glob below already (and the plugin adds the web manifest itself).
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'GreenVault Wholesale',
        short_name: 'GreenVault',
        description: 'Orders, picklists and inventory for GreenVault wholesale staff.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#f6f7f4',
        theme_color: '#14532d',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell, lean (issue 17): index.html, the styles and icons, and of the JavaScript only
        // what precache-scope.ts chooses. Never the login video or its posters (not matched here), the
        // scanner's WebAssembly, the spreadsheet reader or MSAL: those are cached below once used.
        globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
        // The sign-in page's styles are written into /login by the server; no page loads the file.
        globIgnores: ['**/node_modules/**', 'assets/sign-in-*.css'],
        manifestTransforms: [precache.manifestTransform],
        navigateFallback: '/index.html',
        // Server-owned paths must never be answered with the app shell: the API, the well-known URIs and
        // any file (a name with an extension, such as robots.txt or a chunk of an older build).
        navigateFallbackDenylist: [/^\/api(\/|\?|$)/, /^\/\.well-known\//, /^[^?]*\.[A-Za-z][A-Za-z0-9]*(\?.*)?$/],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          // Chunks and styles not precached are kept once fetched, so a screen opened once with signal opens
          // again with none. Their names carry their hash, so a cached copy is never stale.
          { urlPattern: /\/assets\/[^/]+\.(js|css)$/, handler: 'CacheFirst', options: { cacheName: 'app-chunks', expiration: { maxEntries: 200, purgeOnQuotaError: true } } },
          // The scanner's WebAssembly likewise, for the next scan with no signal.
          { urlPattern: /\/assets\/[^/]+\.wasm$/, handler: 'CacheFirst', options: { cacheName: 'scanner-wasm', expiration: { maxEntries: 2 } } },
        ],
      },
      devOptions: { enabled: false },
    }),
    precache.plugin,
    precompress(),
  ],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  preview: { port: 4173 },
});
