// The import boundaries of CONVENTIONS.md are enforced by lint on resolved paths: each kind of crossing
// below is reported, and the imports the layout allows are not.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function problemsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const boundary = (problems: string[]) => problems.filter((problem) => problem.startsWith('import-x/no-restricted-paths'));

describe('import boundaries', () => {
  it.each([
    ['src/shared/api/example.ts', "export { createApp } from '../../server/app';"],
    ['src/shared/api/example.ts', "export { callApi } from '../../client/lib/api-client';"],
    ['src/client/lib/example.ts', "export { createApp } from '../../server/app';"],
    ['src/server/lib/example.ts', "export { callApi } from '../../client/lib/api-client';"],
    ['src/client/features/orders/example.ts', "export { PicklistsPage } from '../picklists/components/picklists-page';"],
    ['src/client/components/example.ts', "export { fetchOrders } from '../features/orders/api/list-orders';"],
    ['src/client/lib/example.ts', "export { OrdersPage } from '../features/orders/components/orders-page';"],
  ])('reports %s importing across a boundary', async (filePath, code) => {
    expect(boundary(await problemsOf(filePath, code))).toHaveLength(1);
  });

  it.each([
    ['src/client/features/orders/example.ts', "export { fetchOrders } from './api/list-orders';\nexport { callApi } from '../../lib/api-client';\nexport { Button } from '../../components/ui/button';"],
    ['src/client/lib/example.ts', "export { listOrdersEndpoint } from '../../shared/api/orders';"],
    ['src/server/lib/example.ts', "export { listOrdersEndpoint } from '../../shared/api/orders';"],
    ['src/client/routes/example.ts', "export { OrdersPage } from '../features/orders/components/orders-page';"],
  ])('allows %s its own imports', async (filePath, code) => {
    expect(boundary(await problemsOf(filePath, code))).toEqual([]);
  });
});

describe('server start-up cost', () => {
  const restricted = (problems: string[]) => problems.filter((problem) => problem.startsWith('no-restricted-imports'));

  it.each(['src/shared/example.ts', 'src/server/lib/example.ts'])('reports %s importing the root of date-fns, and allows one function', async (filePath) => {
    expect(restricted(await problemsOf(filePath, "export { format } from 'date-fns';"))).toHaveLength(1);
    expect(restricted(await problemsOf(filePath, "export { format } from 'date-fns/format';"))).toEqual([]);
  });
});
