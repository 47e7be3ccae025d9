// PostgreSQL text cannot hold a NUL character: a request carrying one anywhere is refused up front
// with a 400 naming the field, instead of failing in the database with a 500.
import type { FastifyInstance } from 'fastify';
import { invalidField } from './errors';

function findNul(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
    const found = findNul(child, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const source of [request.params, request.query, request.body]) {
      const field = findNul(source, '', 0);
      if (field) throw invalidField(field, 'must not contain a NUL character');
    }
  });
}
