// Builders for the spec's response envelope, so every route answers the same shape.
import type { FastifyReply } from 'fastify';
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

/**
 * Sends a list page whose rows the database built as one JSON array (`rowsJson`), in the envelope okPage makes: as
 * text, so that the rows are neither parsed nor encoded again. The response schema documents the answer but does not
 * check it: the lists' integration tests check their answers or rows against it. An `extra` field left undefined is
 * left out, as JSON.stringify leaves it out of an object.
 */
export function sendJsonPage(reply: FastifyReply, rowsJson: string, pagination: PaginationMeta, extra: Record<string, unknown> = {}, message = 'OK'): FastifyReply {
  const more = Object.entries(extra)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `,${JSON.stringify(key)}:${JSON.stringify(value)}`)
    .join('');
  return reply.type('application/json; charset=utf-8').send(`{"success":true,"message":${JSON.stringify(message)},"data":${rowsJson}${more},"pagination":${JSON.stringify(pagination)}}`);
}
