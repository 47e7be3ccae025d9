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

const apiPort = process.env.API_PORT ?? '8080';

/**
 * Writes .br and .gz beside every text asset of the build, once, so the server sends them compressed
 * without compressing on each request. Runs last, after the service worker is generated.
 */
function precompress(outDir: string): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|map|wasm)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(path.resolve(outDir))) {
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
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      // Never the login video (a large screen streams it when it shows it) nor its posters.
      includeAssets: ['favicon.svg', 'icons/*.png'],
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
        // The shell: every built file except the login video, which is fetched when the login page shows it,
        // and the scanner's WebAssembly (1 MB), fetched only on a phone whose browser has no BarcodeDetector.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        navigateFallback: '/index.html',
        // Server-owned paths must never be answered with the app shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/api$/],
        cleanupOutdatedCaches: true,
        // The scanner's WebAssembly, once a scanner has fetched it, stays for the next scan with no signal
        // (its name carries its hash, so a cached copy is never stale).
        runtimeCaching: [{ urlPattern: /\/assets\/[^/]+\.wasm$/, handler: 'CacheFirst', options: { cacheName: 'scanner-wasm', expiration: { maxEntries: 2 } } }],
      },
      devOptions: { enabled: false },
    }),
    precompress('dist'),
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
