// `npm run bench:upload`: what reading an order upload costs the server. Generates the largest files the
// upload accepts (or nearly accepts), reads each through the real path (checks, zip inspection, a fresh
// worker_threads Worker running xlsx) in a fresh Node process, and records the time and the process's RSS
// rise (sampled every 10 ms; the worker's heap is part of the process) in BENCHMARKS.md.
// Targets: under 5 s and under 300 MB for the largest accepted file.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { readSpreadsheet, SpreadsheetError } from '../src/server/lib/spreadsheet/read-spreadsheet';
import { buildZipBomb } from '../src/server/lib/spreadsheet/zip-fixtures';
import { recordBenchmark } from './record';

const TARGET_MS = 5_000;
const TARGET_MB = 300;
const HEADER = ['Batch#', 'Dispensary Location(s)', 'Case Size'];

type Measurement = { ms: number; rssBeforeMb: number; rssPeakMb: number; outcome: string };

/** In the child: read one file and report the time, the RSS before and its peak while reading. */
async function measure(file: string): Promise<void> {
  const bytes = new Uint8Array(readFileSync(file));
  const rss = () => process.memoryUsage().rss / 1024 / 1024;
  // Load the reader's own code first, so the figure is the file's cost, not the first import's.
  await readSpreadsheet(new TextEncoder().encode('Batch#\n1')).catch(() => undefined);
  const rssBeforeMb = rss();
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rss())), 10);
  const started = performance.now();
  let outcome: string;
  try {
    const content = await readSpreadsheet(bytes);
    outcome = `read: ${content.rows.length.toLocaleString('en-US')} sheet rows`;
  } catch (error) {
    outcome = error instanceof SpreadsheetError ? `refused (${error.problem})` : `error: ${(error as Error).message}`;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  rssPeakMb = Math.max(rssPeakMb, rss());
  console.log(JSON.stringify({ ms, rssBeforeMb, rssPeakMb, outcome } satisfies Measurement));
}

async function writeXlsx(file: string, rows: number, header: string[], row: (index: number) => unknown[]): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false, zip: { zlib: { level: 9 } } });
  const sheet = workbook.addWorksheet('Menu');
  sheet.addRow(header).commit();
  for (let index = 0; index < rows; index += 1) sheet.addRow(row(index)).commit();
  sheet.commit();
  await workbook.commit();
}

const batch = (index: number) => `MN-B${String(2_600_000 + index)}`;
const stores = ['GreenVault Duluth', 'GreenVault Winona', 'GreenVault Rochester', 'Prairie Leaf Bloomington', 'North Loop St. Paul'];

type Case = { name: string; what: string; build: (file: string) => Promise<void>; accepted: boolean };

const CASES: Case[] = [
  {
    name: 'largest accepted xlsx',
    what: '10,000 rows (the row limit), a notes column of random text to reach ~10 MB',
    accepted: true,
    build: (file) =>
      writeXlsx(file, 10_000, [...HEADER, 'Notes'], (index) => [batch(index), `${stores[index % 5]}, ${stores[(index + 2) % 5]}`, (index % 9) + 1, randomBytes(990).toString('base64')]),
  },
  {
    name: 'largest accepted csv',
    what: '10,000 rows of ~1 KB each, ~10 MB',
    accepted: true,
    build: async (file) => {
      const lines = [[...HEADER, 'Notes'].join(',')];
      for (let index = 0; index < 10_000; index += 1) lines.push(`${batch(index)},"${stores[index % 5]}; ${stores[(index + 1) % 5]}",${(index % 9) + 1},${randomBytes(730).toString('base64')}`);
      writeFileSync(file, lines.join('\r\n'));
    },
  },
  {
    name: 'too many rows, near the expansion cap',
    what: '270,000 short rows: ~4.5 MB zipped, ~47 MB of XML (just under the 50 MB cap), refused for its length after parsing',
    accepted: false,
    build: (file) => writeXlsx(file, 270_000, HEADER, (index) => [batch(index), stores[index % 5], (index % 9) + 1]),
  },
  {
    name: 'zip bomb',
    what: 'an "xlsx" of ~200 KB whose sheet inflates to 200 MB, refused by the central directory check',
    accepted: false,
    build: async (file) => writeFileSync(file, buildZipBomb(200)),
  },
];

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'upload-bench-'));
  const self = fileURLToPath(import.meta.url);
  const rows: string[] = [];
  let failed = false;
  try {
    for (const benchCase of CASES) {
      const file = path.join(dir, `${benchCase.name.replace(/\W+/g, '-')}.${benchCase.name.includes('csv') ? 'csv' : 'xlsx'}`);
      console.log(`Generating: ${benchCase.name}...`);
      await benchCase.build(file);
      const sizeMb = statSync(file).size / 1024 / 1024;
      const child = spawnSync(process.execPath, ['--import', 'tsx', self, '--measure', file], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`measuring ${benchCase.name} failed: ${child.stderr}`);
      const result = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Measurement;
      const riseMb = result.rssPeakMb - result.rssBeforeMb;
      const meets = result.ms < TARGET_MS && riseMb < TARGET_MB && result.outcome.startsWith('read') === benchCase.accepted;
      failed ||= !meets;
      console.log(`  ${sizeMb.toFixed(1)} MB: ${result.outcome} in ${Math.round(result.ms)} ms, RSS +${Math.round(riseMb)} MB`);
      rows.push(
        `| ${benchCase.name} | ${benchCase.what} | ${sizeMb.toFixed(1)} | ${result.outcome} | ${Math.round(result.ms)} | ${Math.round(result.rssBeforeMb)} | ${Math.round(result.rssPeakMb)} | ${Math.round(riseMb)} | ${meets ? 'yes' : '**no**'} |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await recordBenchmark(
    'upload',
    `Reading an order upload as POST /api/order/upload/create does (size and type checks, zip central directory inspection, then xlsx in a fresh worker_threads Worker limited to a 256 MB heap and 10 s), each file in a fresh Node process. RSS is the whole process's, sampled every 10 ms; the worker's heap is inside it. Target: under ${TARGET_MS / 1000} s and under ${TARGET_MB} MB RSS rise, and each file accepted or refused as expected. Load average when the run ended: ${os.loadavg()[0]!.toFixed(1)}.`,
    [
      '| file | what | MB | outcome | ms | RSS before MB | RSS peak MB | rise MB | meets target |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
  if (failed) process.exitCode = 1;
}

const measureAt = process.argv.indexOf('--measure');
if (measureAt >= 0) await measure(process.argv[measureAt + 1]!);
else await main();
