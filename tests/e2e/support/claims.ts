// Rows of the demo data one test has to itself while it runs. Batches and customers are shared by every
// test of the run, and a test that counts a batch's free cases or a customer's orders must not see
// another test's order move them; so each test claims the ones it uses and lets them go when it ends.
// A claim is a folder made with mkdir, which only one process can make: the workers need no other channel.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

type ClaimKind = 'batch' | 'customer';

export type Claims = {
  /** True when the row was free and is now this test's; false when a test (this one too) holds it already. */
  take(kind: ClaimKind, id: number): boolean;
  release(kind: ClaimKind, id: number): void;
  releaseAll(): void;
};

/** The run's claims folder, made by global-setup.ts; `server` keeps two servers' rows apart. */
function claimsFolder(server: string): string {
  const root = process.env.E2E_CLAIMS_DIR;
  if (!root) throw new Error('E2E_CLAIMS_DIR is not set: run the specs through playwright.config.ts, whose global setup makes it');
  const folder = path.join(root, server.replace(/[^a-zA-Z0-9]+/g, '_'));
  mkdirSync(folder, { recursive: true });
  return folder;
}

export function claimsFor(server: string): Claims {
  const folder = claimsFolder(server);
  const held = new Set<string>();
  const nameOf = (kind: ClaimKind, id: number) => `${kind}-${id}`;
  return {
    take(kind, id) {
      const name = nameOf(kind, id);
      try {
        mkdirSync(path.join(folder, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      }
      held.add(name);
      return true;
    },
    release(kind, id) {
      const name = nameOf(kind, id);
      if (!held.delete(name)) return;
      rmSync(path.join(folder, name), { recursive: true, force: true });
    },
    releaseAll() {
      for (const name of held) rmSync(path.join(folder, name), { recursive: true, force: true });
      held.clear();
    },
  };
}
