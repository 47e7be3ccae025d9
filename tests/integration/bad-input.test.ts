// No request can make the server answer 500 by its shape: every bad request gets a 4xx that says what to fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let api: TestApp;
let token: string;
beforeAll(async () => {
  api = await createTestApp();
  token = await api.tokenFor('mnAdmin');
});
afterAll(async () => {
  await api.close();
});

const raw = (options: { method: 'POST' | 'PUT' | 'GET'; url: string; payload?: string; headers?: Record<string, string> }) =>
  api.app.inject({
    method: options.method,
    url: options.url,
    payload: options.payload,
    headers: { authorization: `Bearer ${token}`, 'otc-market': 'MN', 'content-type': 'application/json', ...options.headers },
  });

describe('bad input', () => {
  it('answers malformed JSON with 400 and says so', async () => {
    const response = await raw({ method: 'POST', url: '/api/users/list', payload: '{"pagination": ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: 'The request body is not valid JSON.' });
  });

  it('names the field of a wrong type and what it must be', async () => {
    const response = await raw({ method: 'POST', url: '/api/users/list', payload: JSON.stringify({ pagination: { page: 'first', pageSize: 25 } }) });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.details[0]).toMatchObject({ field: 'pagination.page', in: 'body' });
    expect(body.message).toMatch(/^Invalid request: pagination\.page /);
  });

  it('refuses a page size beyond the limit', async () => {
    const response = await raw({ method: 'POST', url: '/api/users/list', payload: JSON.stringify({ pagination: { page: 1, pageSize: 100000 } }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toMatchObject({ field: 'pagination.pageSize', message: 'must be at most 200' });
  });

  it('refuses an unknown market header, listing the markets', async () => {
    const response = await raw({ method: 'GET', url: '/api/inventory/stat', headers: { 'otc-market': 'CA' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'Otc-Market', message: 'header must be one of MN, NV, IL, MD, NJ, FL' }]);
  });

  it('refuses an oversized body with 413', async () => {
    const response = await raw({ method: 'POST', url: '/api/users/list', payload: JSON.stringify({ search: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await raw({ method: 'POST', url: '/api/users/list', payload: 'page=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Send the request body as application/json.');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await raw({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'There is no GET /api/no-such-thing.' });
  });

  it('never answers 500 to bodies of any shape sent to any route', async () => {
    const shapes: unknown[] = [null, 0, -1, 'text', true, [], [{}], {}, { marketCode: 42 }, { pagination: null }, { pagination: { page: -5, pageSize: 0 } },
      { sort: 'name' }, { sort: [{ column: 1 }] }, { columnFilter: {} }, { columnFilter: [{ column: 'name', type: 'regex', value: '.*' }] },
      { columnFilter: [{ column: 'name', type: 'dateRange', value: { from: 'yesterday' } }] }, { role: null }, { role: ['Market Admin'] },
      { isActive: 'yes' }, { Permission: [] }, { Permission: { users: 'all' } }, { userId: 7 }, { search: { $ne: '' } }, { __proto__: { polluted: true } },
      { constructor: { prototype: { polluted: true } } },
      // Dates on columns that are not dates, days that do not exist, and numbers no database integer holds.
      { columnFilter: [{ column: 'customer_name', type: 'dateRange', value: { from: '2024-01-01' } }] },
      { columnFilter: [{ column: 'total_cases', type: 'dateRange', value: { to: '2024-01-01' } }] },
      { columnFilter: [{ column: 'created_ts', type: 'dateRange', value: { from: '2024-02-31' } }] },
      { columnFilter: [{ column: 'requested_delivery_date', type: 'dateRange', value: { to: '0000-01-01' } }] },
      { pagination: { page: 1e12, pageSize: 10 } },
      { customerId: 99999999999, requestedDeliveryDate: '2027-01-01', items: [{ batchId: 99999999999, noOfCases: 99999999999 }] },
      { items: [{ batchId: 1, noOfCases: 1e15 }] },
      { items: [{ picklist_item_id: 99999999999, no_of_case_picked: 1, reason_id: 99999999999 }] },
      { batchId: 99999999999, unitSalePrice: 1 }];
    const writable = api.app.routeCatalogue.filter((route) => ['POST', 'PUT', 'DELETE'].includes(route.method));
    for (const route of writable) {
      const url = route.url.replace(':userId', '00000000-0000-4000-8000-000000000003').replace(':role', 'Sales%20Person').replace(/:(\w+)/g, '1');
      for (const shape of shapes) {
        const response = await raw({ method: route.method as 'POST', url, payload: JSON.stringify(shape) });
        expect(response.statusCode, `${route.method} ${route.url} with ${JSON.stringify(shape)}: ${response.body}`).toBeLessThan(500);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // About 650 requests one after another (20 routes, 33 bodies): 27 to 30 s on a loaded two-core machine.
  }, 90_000);

  it('refuses a NUL character anywhere, naming the field, since the database cannot store one', async () => {
    const response = await raw({ method: 'POST', url: '/api/users/list', payload: JSON.stringify({ search: 'ab\u0000c' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'search', message: 'must not contain a NUL character' }]);
  });

  it('answers an id too large for any row as a bad request, on every route that takes one', async () => {
    // A user's :id is their user or Entra id (text), not a row number.
    const withId = api.app.routeCatalogue.filter((route) => route.url.includes(':id') && !route.url.startsWith('/api/user/'));
    expect(withId.length).toBeGreaterThan(5);
    for (const route of withId) {
      const response = await raw({ method: route.method as 'POST', url: route.url.replace(':id', '9999999999'), payload: route.method === 'GET' ? undefined : '{}' });
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(400);
      expect(response.json().details[0], route.url).toMatchObject({ field: 'id', message: 'is not a known id' });
    }
    const customers = await raw({ method: 'GET', url: '/api/customer?salesPersonId=99999999999' });
    expect(customers.statusCode).toBe(400);
    expect(customers.json().details[0]).toMatchObject({ field: 'salesPersonId', message: 'is not a known sales person id' });
  });

  it('reads an id in a path only when written in plain digits: 0x10 is not picklist 16', async () => {
    const hex = await raw({ method: 'GET', url: '/api/picklist/0x10/detail' });
    expect(hex.statusCode, hex.body).toBe(400);
    expect(hex.json().details).toEqual([{ field: 'id', in: 'path', message: 'must be an id written in digits, such as 16' }]);
  });

  it('refuses every other spelling of a number as an id, on every route that takes one', async () => {
    const withId = api.app.routeCatalogue.filter((route) => route.url.includes(':id') && !route.url.startsWith('/api/user/'));
    expect(withId.length).toBeGreaterThan(5);
    // Each of these is read as 16 or 1000 by Number(); '%2016' is ' 16' once decoded.
    for (const spelling of ['0x10', '1e3', '016', '%2016', '16.0', '+16', '0b10', '16%20']) {
      for (const route of withId) {
        const url = route.url.replace(':id', spelling);
        const response = await raw({ method: route.method as 'POST', url, payload: route.method === 'GET' ? undefined : '{}' });
        expect(response.statusCode, `${route.method} ${url}: ${response.body}`).toBe(400);
        expect(response.json().details[0], `${route.method} ${url}`).toMatchObject({ field: 'id', in: 'path' });
      }
    }
  });

  it('reads page numbers in query strings and list bodies only when written in plain digits', async () => {
    for (const query of ['page=0x2', 'page=1e1', 'pagesize=%2050', 'pagesize=10.0']) {
      const response = await raw({ method: 'GET', url: `/api/order/1/notes?${query}` });
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      expect(response.json().details[0]).toMatchObject({ field: query.split('=')[0], in: 'query', message: 'must be a whole number written in digits, such as 16' });
    }
    const body = await raw({ method: 'POST', url: '/api/users/list', payload: JSON.stringify({ pagination: { page: '0x2', pageSize: 25 } }) });
    expect(body.statusCode).toBe(400);
    expect(body.json().details[0]).toMatchObject({ field: 'pagination.page', in: 'body' });
    const customers = await raw({ method: 'GET', url: '/api/customer?salesPersonId=1,016' });
    expect(customers.statusCode).toBe(400);
    expect(customers.json().details[0]).toMatchObject({ field: 'salesPersonId', in: 'query' });
  });

  it('never answers 500 to path parameters of any shape', async () => {
    for (const id of ['%00', '..%2F..', 'x'.repeat(300), '1;drop table users', '%E0%A4%A']) {
      const response = await raw({ method: 'GET', url: `/api/user/${id}/permissions` });
      expect(response.statusCode, id).toBeLessThan(500);
    }
  });
});
