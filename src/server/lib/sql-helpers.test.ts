import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { pageLimit, WRITTEN_IN_PAGES } from './sql-helpers';

const render = (page: number, pageSize: number) => new PgDialect().sqlToQuery(pageLimit(page, pageSize));

describe('pageLimit', () => {
  it('writes a shallow page into the statement, so that its prepared statement is planned once', () => {
    expect(render(1, 100)).toEqual({ sql: 'limit 100 offset 0', params: [] });
    expect(render(WRITTEN_IN_PAGES, 25)).toEqual({ sql: `limit 25 offset ${(WRITTEN_IN_PAGES - 1) * 25}`, params: [] });
  });

  it('binds deeper pages: one statement for them all, however many pages a caller asks for', () => {
    const texts = new Set([WRITTEN_IN_PAGES + 1, 5_000, 999_999].map((page) => render(page, 100).sql));
    expect(texts).toEqual(new Set(['limit $1 offset $2']));
    expect(render(5_000, 100).params).toEqual([100, 499_900]);
  });
});
