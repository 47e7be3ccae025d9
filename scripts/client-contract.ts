// The client's build of the contract (src/shared/api): each endpoint declaration keeps only what a call
// needs (method, path, access), and every schema the client does not itself use falls out of the bundle.
//
// The client never validates an answer with the contract's schemas: callApi types answers from them at
// compile time. Yet importing a declaration ran the zod calls that build its schemas, so any module that
// called the API pulled the full zod (about 20 KB gzip) into the first screen. Two rewrites fix that:
//  1. In each `defineEndpoint({...})`, every property but method, path and access is blanked out, so the
//     declaration no longer refers to its schemas.
//  2. Every call in a top-level initializer (`export const x = z.object(...)`) is marked pure, so the
//     bundler drops the values nothing uses: their construction has no effect outside the value.
// A schema the client does use (a form's own check) stays, with zod, in the lazy chunk that uses it.
// The server is built apart (esbuild) and keeps the whole declarations.
import { parseAst, type Plugin } from 'vite';

const CONTRACT_MODULE = /\/src\/shared\/api\/[^/]+\.ts$/;
/** What callApi reads of a declaration. */
const KEPT_PROPERTIES = new Set(['method', 'path', 'access']);
const PURE = '(/* @__PURE__ */ ';

type Node = { type: string; start: number; end: number; [key: string]: unknown };
type Insertion = { at: number; text: string; rank: number };

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
const TYPE_KEYS = new Set(['typeAnnotation', 'typeArguments', 'typeParameters', 'returnType']);

function children(node: Node): Node[] {
  return Object.entries(node).flatMap(([key, value]) => {
    if (TYPE_KEYS.has(key)) return [];
    if (Array.isArray(value)) return value.filter(isNode);
    return isNode(value) ? [value] : [];
  });
}

function propertyName(property: Node): string | undefined {
  const key = property.key as Node | undefined;
  if (!key || property.computed) return undefined;
  return key.type === 'Identifier' ? (key.name as string) : key.type === 'Literal' ? String(key.value) : undefined;
}

/** The calls of an initializer, outside any function body (which runs only when called) and optional chain. */
function collectCalls(node: Node, skip: Set<Node>, calls: Node[]): void {
  if (skip.has(node)) return;
  if (['ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression', 'ChainExpression'].includes(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') calls.push(node);
  for (const child of children(node)) collectCalls(child, skip, calls);
}

function endpointObject(init: Node): Node | undefined {
  let call = init;
  while (call.type === 'TSAsExpression' || call.type === 'TSSatisfiesExpression') call = call.expression as Node;
  const callee = call.callee as Node | undefined;
  const argument = (call.arguments as Node[] | undefined)?.[0];
  const isDefine = call.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'defineEndpoint';
  return isDefine && argument?.type === 'ObjectExpression' ? argument : undefined;
}

/** Where the property ends, with the comma after it when there is one. */
function throughComma(code: string, end: number): number {
  let at = end;
  while (/\s/.test(code[at] ?? '')) at += 1;
  return code[at] === ',' ? at + 1 : end;
}

const blank = (text: string) => text.replace(/[^\n]/g, ' ');

// ---- source map: the rewrites only insert text (blanking keeps every position), so each line maps
// back with a segment at its start and one after each insertion.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function vlq(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    out += BASE64[digit];
  } while (rest > 0);
  return out;
}

function sourceMap(code: string, insertions: Insertion[], file: string) {
  const lineStarts = [0];
  for (let i = 0; i < code.length; i += 1) if (code[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let line = lineStarts.length - 1;
    while (lineStarts[line]! > offset) line -= 1;
    return line;
  };
  const byLine = new Map<number, Insertion[]>();
  for (const insertion of insertions) byLine.set(lineOf(insertion.at), [...(byLine.get(lineOf(insertion.at)) ?? []), insertion]);
  let previousLine = 0;
  let previousColumn = 0;
  const lines = lineStarts.map((start, line) => {
    let generatedColumn = 0;
    let lastGenerated = 0;
    const segments: string[] = [];
    const segment = (generated: number, column: number) => {
      segments.push(vlq(generated - lastGenerated) + vlq(0) + vlq(line - previousLine) + vlq(column - previousColumn));
      lastGenerated = generated;
      previousLine = line;
      previousColumn = column;
    };
    segment(0, 0);
    for (const insertion of byLine.get(line) ?? []) {
      const column = insertion.at - start;
      segment(column + generatedColumn, column);
      generatedColumn += insertion.text.length;
      segment(column + generatedColumn, column);
    }
    return segments.join(',');
  });
  return { version: 3, sources: [file], sourcesContent: [code], names: [], mappings: lines.join(';') };
}

/** The client's version of one contract module, or null when nothing changes. */
export function stripContractModule(code: string, file: string): { code: string; map: ReturnType<typeof sourceMap> } | null {
  const program = parseAst(code, { lang: 'ts', sourceType: 'module' }) as unknown as { body: Node[] };
  const blanked: [number, number][] = [];
  const insertions: Insertion[] = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (!init) continue;
      const skip = new Set<Node>();
      const endpoint = endpointObject(init);
      for (const property of (endpoint?.properties as Node[] | undefined) ?? []) {
        const name = property.type === 'Property' ? propertyName(property) : undefined;
        if (name && KEPT_PROPERTIES.has(name)) continue;
        blanked.push([property.start, throughComma(code, property.end)]);
        skip.add(property);
      }
      const calls: Node[] = [];
      collectCalls(init, skip, calls);
      for (const call of calls) {
        // Around one position, outer calls open first and inner calls close first.
        insertions.push({ at: call.start, text: PURE, rank: -call.end }, { at: call.end, text: ')', rank: -call.start - code.length * 2 });
      }
    }
  }
  if (blanked.length === 0 && insertions.length === 0) return null;

  let source = code;
  for (const [start, end] of blanked) source = source.slice(0, start) + blank(source.slice(start, end)) + source.slice(end);
  insertions.sort((a, b) => a.at - b.at || a.rank - b.rank);
  let output = '';
  let from = 0;
  for (const insertion of insertions) {
    output += source.slice(from, insertion.at) + insertion.text;
    from = insertion.at;
  }
  output += source.slice(from);
  return { code: output, map: sourceMap(code, insertions, file) };
}

/** Applies stripContractModule to src/shared/api/*.ts in the client's build and dev server. */
export function clientContract(): Plugin {
  return {
    name: 'client-contract',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!CONTRACT_MODULE.test(file) || file.endsWith('.test.ts')) return null;
      const stripped = stripContractModule(code, file);
      return stripped && { ...stripped, moduleSideEffects: false };
    },
  };
}
