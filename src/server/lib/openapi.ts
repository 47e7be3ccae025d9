// The OpenAPI document at /api/docs/json, made from the endpoint declarations the routes were registered
// from: paths relative to the /api server, the Otc-Market header on market routes, no security on public
// ones, shared schemas (the error body) as components, and a description for every tag.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { marketCodeSchema } from '../../shared/api/enum-schemas';
import type { Endpoint } from '../../shared/api/endpoint';
import { MARKET_HEADER } from '../../shared/api/protocol';

const API_PREFIX = '/api';

const TAGS = [
  { name: 'health', description: 'Whether the server and its database answer.' },
  { name: 'auth', description: 'How to sign in, demo sign-in, and the signed-in user.' },
  { name: 'markets', description: "The caller's markets and the counts behind the sidebar badges." },
  { name: 'users', description: 'Permissions per market, and the Market Admin’s user and role administration.' },
  { name: 'orders', description: 'Orders: the list, detail, create, edit, duplicate, notes, status changes and the bulk menu upload.' },
  { name: 'customers', description: 'The people pickers: sales persons, buyers and MSO owners of the market.' },
  { name: 'picklists', description: 'Picklists and the picks fulfilment staff record, online or from the offline outbox.' },
];

/** The request headers an endpoint reads, as the document lists them. */
function headersOf(endpoint: Endpoint) {
  const market = endpoint.access.kind === 'market' || endpoint.access.kind === 'permission';
  const shape: Record<string, z.ZodType> = {};
  if (market) shape[MARKET_HEADER] = marketCodeSchema.optional().describe('The market the request works in (default MN).');
  for (const [name, description] of Object.entries(endpoint.headers ?? {})) shape[name] = z.string().optional().describe(description);
  return Object.keys(shape).length > 0 ? z.object(shape) : undefined;
}

/**
 * A schema registered with an id (the error body) becomes a request ("…Input") and an answer component;
 * the ones no operation refers to are left out.
 */
function withoutUnusedSchemas<T>(document: T): T {
  const schemas = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas;
  if (!schemas) return document;
  const text = JSON.stringify({ ...document, components: { ...(document as { components: object }).components, schemas: {} } });
  for (const name of Object.keys(schemas)) {
    if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return document;
}

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Wholesale back office API',
        description:
          'The API of the wholesale back office. Every request except health and sign-in carries `Authorization: Bearer <token>`; market routes carry `Otc-Market: <market code>`. A refusal answers with the error body: a message that says what to fix and, for validation, each field with its problem.',
        version,
        license: { name: 'Proprietary', url: 'https://greenvault.example/license' },
      },
      servers: [{ url: API_PREFIX, description: 'This server' }],
      tags: TAGS,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const endpoint = input.route.config?.endpoint;
      const headers = endpoint ? headersOf(endpoint) : undefined;
      const schema = headers ? { ...input.schema, headers } : input.schema;
      const { schema: transformed, url } = jsonSchemaTransform({ ...input, schema });
      const documented = endpoint?.access.kind === 'public' ? { ...transformed, security: [] } : transformed;
      return { schema: documented, url: url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url };
    },
    transformObject: (input) => withoutUnusedSchemas(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });
}
