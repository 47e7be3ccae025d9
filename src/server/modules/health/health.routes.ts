import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '../../../shared/api/markets';
import type { Database } from '../../db/client';
import { publicAccess } from '../../lib/route-access';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; version: string }> = async (app, { database, version }) => {
  app.get(
    '/health',
    {
      config: { access: publicAccess },
      schema: { tags: ['health'], description: 'Answers 200 when the server and its database work, 503 otherwise.', response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_request, reply) => {
      const databaseOk = await database.db
        .execute(sql`select 1`)
        .then(() => true)
        .catch(() => false);
      return reply.status(databaseOk ? 200 : 503).send({
        status: databaseOk ? 'ok' : 'degraded',
        database: databaseOk ? 'ok' : 'unavailable',
        databaseKind: database.kind,
        version,
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
