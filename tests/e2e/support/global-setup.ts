// Once per run, before any worker starts: the folder the tests' claims on shared rows live in (claims.ts),
// removed when the run ends. Workers inherit the environment set here.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function globalSetup(): () => void {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'wbo-e2e-claims-'));
  process.env.E2E_CLAIMS_DIR = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
