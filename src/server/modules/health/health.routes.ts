import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { healthEndpoint } from '../../../shared/api/markets';
import type { Database } from '../../db/client';
import { route } from '../../lib/endpoint-route';

export const healthRoutes: FastifyPluginAsync<{ database: Database; version: string }> = async (app, { database, version }) => {
  route(app, healthEndpoint, async (_input, reply) => {
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
  });
};
