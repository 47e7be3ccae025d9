// Builders for the spec's response envelope, so every route answers the same shape.
import { paginationMeta, type PaginationMeta } from '../../shared/api/common';

export function ok<T>(data: T, message = 'OK') {
  return { success: true as const, message, data };
}

export type Page<T> = { rows: T[]; totalRecords: number; page: number; pageSize: number };

export function okPage<T>(page: Page<T>, message = 'OK'): { success: true; message: string; data: T[]; pagination: PaginationMeta } {
  return {
    success: true as const,
    message,
    data: page.rows,
    pagination: paginationMeta(page.page, page.pageSize, page.totalRecords, page.rows.length),
  };
}
