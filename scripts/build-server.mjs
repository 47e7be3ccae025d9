// `npm run build:server`: bundles the server into dist-server/ with esbuild, so that `npm start` runs plain
// JavaScript. npm packages stay external (resolved from node_modules at run time, as in development). The
// upload parser's worker is a second entry beside main.js, because the server starts it as a file of its own.
// Each file is written under a temporary name and renamed into place, so a server starting while another
// process rebuilds never loads half a file.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUTPUT = path.join(PROJECT_ROOT, 'dist-server');
/** What the bundle is made from: a change to any of these makes it stale. */
export const SERVER_SOURCES = ['src/server', 'src/shared', 'package.json', 'tsconfig.json', 'scripts/build-server.mjs'];

export async function buildServer() {
  const result = await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: { main: 'src/server/main.ts', 'parse-worker': 'src/server/lib/spreadsheet/parse-worker.ts' },
    outdir: SERVER_OUTPUT,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    write: false,
  });
  await mkdir(SERVER_OUTPUT, { recursive: true });
  await Promise.all(
    result.outputFiles.map(async (file) => {
      const temporary = `${file.path}.${process.pid}.tmp`;
      await writeFile(temporary, file.contents);
      await rename(temporary, file.path);
    }),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
}
