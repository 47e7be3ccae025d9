// Writes a benchmark's figures into its section of BENCHMARKS.md, with the date and the machine; with
// BENCH_TRIAL=1 only prints them (a trial run, or a machine too busy to record on).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

const FILE = 'BENCHMARKS.md';

function machineDescription(): string {
  const cpus = os.cpus();
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${Math.round(os.totalmem() / 1024 ** 3)} GiB RAM, ${os.platform()} ${os.release()}, Node ${process.version}`;
}

export async function recordBenchmark(id: string, description: string, body: string): Promise<void> {
  const start = `<!-- bench:${id}:start -->`;
  const end = `<!-- bench:${id}:end -->`;
  if (process.env.BENCH_TRIAL === '1') {
    console.log(`\nBENCH_TRIAL=1: not recorded in ${FILE} (${id}).\n\n${description}\n\n${body}`);
    return;
  }
  const section = `${start}\n_Recorded ${new Date().toISOString().slice(0, 10)} on ${machineDescription()}._\n\n${description}\n\n${body}\n${end}`;
  const current = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '# Benchmarks\n\nRun with `npm run bench`. Each section is rewritten by its benchmark.\n';
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  const next = pattern.test(current) ? current.replace(pattern, section) : `${current.trimEnd()}\n\n## ${id}\n\n${section}\n`;
  writeFileSync(FILE, next);
  console.log(`Recorded in ${FILE} (${id}).`);
}
