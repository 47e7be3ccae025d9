// The client's build of the contract (scripts/client-contract.ts): a module that calls an endpoint gets its
// method, path and access without zod; a module that uses a schema still gets the schema and zod.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientContract, stripContractModule } from '../../scripts/client-contract';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'client-contract-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Bundles one entry module, written into the project so that it imports the real contract, minified. */
async function bundle(name: string, code: string): Promise<string> {
  const entry = path.join(dir, `${name}.ts`);
  await writeFile(entry, code.replaceAll('@shared', path.resolve('src/shared')));
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [clientContract()],
    build: { write: false, minify: true, lib: { entry, formats: ['es'], fileName: name } },
  })) as Rolldown.RolldownOutput[];
  return result[0]!.output.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')).join('\n');
}

const ZOD_MARKER = 'ZodObject';

describe('the client build of the contract', () => {
  it('gives a caller the endpoint without its schemas, and without zod', async () => {
    const code = await bundle('caller', "import { demoUsersEndpoint } from '@shared/api/auth';\nexport const call = demoUsersEndpoint;");
    expect(code).toContain('/auth/demo-users');
    expect(code).toContain('public');
    expect(code).not.toContain('listDemoUsers');
    expect(code).not.toContain(ZOD_MARKER);
  });

  it('keeps a schema, and zod, for a module that validates with it', async () => {
    const code = await bundle('validator', "import { demoLoginBodySchema } from '@shared/api/auth';\nexport const check = (body: unknown) => demoLoginBodySchema.safeParse(body).success;");
    expect(code).toContain(ZOD_MARKER);
    expect(code).toContain('must be the userId of a demo user');
  });

  it('leaves modules outside the contract and calls inside functions alone', () => {
    const source = "export const envelope = (schema: unknown) => wrap(schema);\nlog('loaded');\n";
    const stripped = stripContractModule(source, 'src/shared/api/example.ts');
    expect(stripped).toBeNull();
  });

  it('maps every line of the rewritten module back to the same line of the original', () => {
    const source = "import { z } from 'zod';\nexport const a = z.string().uuid();\nexport const e = defineEndpoint({\n  summary: 'x',\n  method: 'GET',\n  path: '/a',\n  access: publicAccess,\n  responses: { 200: a },\n});\n";
    const stripped = stripContractModule(source, 'src/shared/api/example.ts')!;
    const outputLines = stripped.code.split('\n');
    expect(outputLines).toHaveLength(source.split('\n').length);
    const mapped = decodeMappings(stripped.map.mappings);
    // The path of the declaration, and the string call after two inserted annotations, each at its place.
    for (const [token, line] of [["'/a'", 5], ['.uuid()', 1]] as const) {
      const column = outputLines[line]!.indexOf(token);
      const segment = mapped[line]!.filter(([generated]) => generated <= column).at(-1)!;
      expect(segment[1], token).toBe(line);
      expect(segment[2] + (column - segment[0]), token).toBe(source.split('\n')[line]!.indexOf(token));
    }
    expect(stripped.code).not.toContain('summary');
    expect(stripped.code).not.toContain('responses');
  });
});

/** Source map mappings as [generated column, original line, original column] per generated line. */
function decodeMappings(mappings: string): [number, number, number][][] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let line = 0;
  let column = 0;
  return mappings.split(';').map((text) => {
    let generated = 0;
    return text
      .split(',')
      .filter(Boolean)
      .map((segment) => {
        const values: number[] = [];
        let value = 0;
        let shift = 0;
        for (const char of segment) {
          const digit = alphabet.indexOf(char);
          value += (digit & 31) << shift;
          if (digit & 32) shift += 5;
          else {
            values.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        generated += values[0]!;
        line += values[2]!;
        column += values[3]!;
        return [generated, line, column] as [number, number, number];
      });
  });
}
