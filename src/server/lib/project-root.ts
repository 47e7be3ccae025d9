// Files the server reads at run time (package.json, migrations) are found from the project's root, which
// is the same whether this code runs from src/ (tsx, tests) or bundled into dist-server/.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`No package.json above ${start}: the server must run inside its project folder.`);
  }
}

const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** An absolute path inside the project, e.g. `projectPath('src', 'server', 'db', 'migrations')`. */
export function projectPath(...segments: string[]): string {
  return path.join(PROJECT_ROOT, ...segments);
}
