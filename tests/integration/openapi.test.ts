// The OpenAPI document at /api/docs/json is what other teams build on: every declared endpoint is in it
// (and nothing else), each operation is named and summarised and documents its refusals, Redocly's
// recommended rules pass, and a standard generator (openapi-typescript) turns it into types a call
// type-checks against.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../../src/shared/api/auth';
import * as caseSizes from '../../src/shared/api/case-sizes';
import type { Endpoint } from '../../src/shared/api/endpoint';
import * as exportsApi from '../../src/shared/api/exports';
import * as inventoryImport from '../../src/shared/api/inventory-import';
import * as inventoryIssues from '../../src/shared/api/inventory-issues';
import * as markets from '../../src/shared/api/markets';
import * as menus from '../../src/shared/api/menus';
import * as orders from '../../src/shared/api/orders';
import * as picklists from '../../src/shared/api/picklists';
import * as reconciliation from '../../src/shared/api/reconciliation';
import * as users from '../../src/shared/api/users';
import { createTestApp, type TestApp } from '../support/test-app';

type Operation = { operationId?: string; summary?: string; responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> };
type Document = { openapi: string; servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };

const DECLARED: Endpoint[] = [auth, caseSizes, exportsApi, markets, menus, inventoryImport, inventoryIssues, orders, picklists, reconciliation, users].flatMap((module) =>
  Object.values(module).filter((value): value is Endpoint => typeof value === 'object' && value !== null && 'operationId' in value && 'access' in value),
);

let api: TestApp;
let source: string;
let document: Document;

beforeAll(async () => {
  api = await createTestApp();
  const response = await api.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  source = response.body;
  document = JSON.parse(source) as Document;
});
afterAll(async () => {
  await api.close();
});

const operations = () =>
  Object.entries(document.paths).flatMap(([route, methods]) => Object.entries(methods).map(([method, operation]) => ({ route, method: method.toUpperCase(), operation })));

describe('the OpenAPI document', () => {
  it('has every declared endpoint, under its own path and method, and nothing that is not declared', () => {
    const documented = operations().map(({ route, method }) => `${method} ${route}`).sort();
    const declared = DECLARED.map((endpoint) => `${endpoint.method} ${endpoint.path}`).sort();
    expect(declared.length).toBeGreaterThan(30);
    expect(documented).toEqual(declared);
  });

  it('names and summarises each operation, and documents its refusals with the error body', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/api' })]);
    const ids = new Set<string>();
    for (const { route, method, operation } of operations()) {
      const where = `${method} ${route}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(operation.operationId!), `${where}: operationId ${operation.operationId} is used twice`).toBe(false);
      ids.add(operation.operationId!);
      expect(operation.summary, where).toBeTruthy();
      const refusals = Object.keys(operation.responses ?? {}).filter((status) => status.startsWith('4'));
      expect(refusals, where).toContain('400');
      const bad = operation.responses!['400']!.content!['application/json']!.schema!;
      expect(bad.$ref, where).toBe('#/components/schemas/ErrorBody');
    }
  });

  it("passes Redocly's recommended rules with no error or warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`)).toEqual([]);
  });

  it('becomes TypeScript types with openapi-typescript that a call type-checks against, and a wrong call does not', async () => {
    const types = astToString(await openapiTS(document as never));
    const folder = await mkdtemp(path.join(os.tmpdir(), 'wbo-openapi-'));
    try {
      await writeFile(path.join(folder, 'api.d.ts'), types);
      const call = (body: string) => `
        import type { paths } from './api';
        type CreateOrder = paths['/order/create']['post'];
        type Body = NonNullable<CreateOrder['requestBody']>['content']['application/json'];
        type Created = CreateOrder['responses'][201]['content']['application/json'];
        declare function post(path: '/order/create', body: Body): Promise<Created>;
        export async function order(): Promise<string> {
          const created = await post('/order/create', ${body});
          return created.data.referenceId;
        }`;
      const check = async (body: string) => {
        await writeFile(path.join(folder, 'call.ts'), call(body));
        const program = ts.createProgram([path.join(folder, 'call.ts')], { strict: true, noEmit: true, skipLibCheck: true, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022 });
        return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      };
      expect(await check(`{ customerId: 4, requestedDeliveryDate: '2027-01-04', items: [{ batchId: 9, noOfCases: 2 }] }`)).toEqual([]);
      expect(await check(`{ customerId: '4', requestedDeliveryDate: '2027-01-04' }`)).not.toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
