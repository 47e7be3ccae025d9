import type { FastifyPluginAsync } from 'fastify';
import { healthEndpoint } from '../../../shared/api/markets';
import type { Database } from '../../db/client';
import { route } from '../../lib/endpoint-route';
import { createDatabaseHealth } from './database-health';

export const healthRoutes: FastifyPluginAsync<{ database: Database; version: string }> = async (app, { database, version }) => {
  const health = createDatabaseHealth(database);
  route(app, healthEndpoint, async (_input, reply) => {
    const databaseOk = await health.check();
    return reply.status(databaseOk ? 200 : 503).send({
      status: databaseOk ? 'ok' : 'degraded',
      database: databaseOk ? 'ok' : 'unavailable',
      databaseKind: database.kind,
      version,
      uptimeSeconds: Math.round(process.uptime()),
    });
  });
};
