// Builds the server without listening, so that tests can call app.inject() and main.ts can listen.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { ServerOptions } from 'node:http';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JWTVerifyGetKey } from 'jose';
import { registerAccessControl } from './auth/access-control';
import { createListeningCallerCache } from './auth/caller-cache';
import { createDemoTokenService } from './auth/demo-tokens';
import { createEntraVerifier } from './auth/entra-verifier';
import { withVerifiedTokenCache } from './auth/verified-token-cache';
import type { Database } from './db/client';
import type { Env } from './env';
import { errorBody, registerErrorHandler } from './lib/error-handler';
import { registerOpenApi } from './lib/openapi';
import { projectPath } from './lib/project-root';
import { registerNulGuard } from './lib/reject-nul';
import { registerRequestAbort } from './lib/request-abort';
import { createSignInPage } from './lib/sign-in-page';
import { createParsePool } from './lib/spreadsheet/parse-pool';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService, type AuthService } from './modules/auth/auth.service';
import { createMarketChanges } from './lib/market-changes';
import { registerSecurityHeaders } from './lib/security-headers';
import { BOOT_LOADER_CSP_HASH } from './lib/boot-loader';
import type { SignInData } from '../shared/api/sign-in-data';
import { caseSizesRoutes } from './modules/catalogue/case-sizes.routes';
import { createCaseSizesService } from './modules/catalogue/case-sizes.service';
import { customersRoutes } from './modules/customers/customers.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createConnectorRegistry } from './connectors/registry';
import { createJobQueue } from './jobs/job-queue';
import { createImportJob, failInterruptedImports } from './modules/inventory-import/import-job';
import { importRoutes } from './modules/inventory-import/import.routes';
import { createImportService, IMPORT_JOB_KIND } from './modules/inventory-import/import.service';
import { exportsRoutes } from './files/exports.routes';
import { createExportStorage } from './files/export-storage';
import { issuesRoutes } from './modules/inventory-issues/issues.routes';
import { createReconciliationExports } from './modules/reconciliation/reconciliation-export';
import { createReconciliationJob, failInterruptedReconciliations, RECONCILIATION_JOB_KIND } from './modules/reconciliation/reconciliation-job';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes';
import { createReconciliationService } from './modules/reconciliation/reconciliation.service';
import { createIssuesService, ISSUE_REFRESH_JOB_KIND } from './modules/inventory-issues/issues.service';
import { createIssueRefreshJob, failInterruptedRefreshes } from './modules/inventory-issues/refresh-job';
import { createMarketStats, type MarketStats } from './modules/markets/market-stats';
import { countMarketStats } from './modules/markets/markets.repository';
import { marketsRoutes } from './modules/markets/markets.routes';
import { createMenuExportJob, MENU_EXPORT_JOB_KIND } from './modules/menus/menu-export';
import { menusRoutes } from './modules/menus/menus.routes';
import { createMenusService } from './modules/menus/menus.service';
import { orderUploadRoutes } from './modules/order-upload/order-upload.routes';
import { createOrderUploadService } from './modules/order-upload/order-upload.service';
import { createOrdersService } from './modules/orders/orders.service';
import { picklistsRoutes } from './modules/picklists/picklists.routes';
import { createPicklistsService } from './modules/picklists/picklists.service';
import { ordersRoutes } from './modules/orders/orders.routes';
import { usersRoutes } from './modules/users/users.routes';
import { findCaller } from './modules/users/users.repository';
import { createUsersService } from './modules/users/users.service';

export type AppDependencies = {
  env: Env;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Test hook: the Entra key set to verify against instead of the tenant's published one. */
  entraKeys?: JWTVerifyGetKey;
};

const packageJson = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string };
const APP_VERSION = packageJson.version;
const JSON_BODY_LIMIT = 1024 * 1024;
/**
 * Every answer the API gives today is under this (the largest, a page of 200 menu rows, is ~180 KB, whose brotli 4
 * holds the event loop ~0.4 ms); a larger one would be streamed, so that none holds the event loop for long.
 */
const COMPRESS_IN_ONE_CALL_BYTES = 256 * 1024;
/** Headers fit in a packet or two even on a poor link; a client still sending them after this is holding the connection on purpose. */
const HEADERS_TIMEOUT_MS = 15_000;

export async function createApp({ env, database, logger = false, entraKeys }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: JSON_BODY_LIMIT,
    ...httpTimeouts(env),
    trustProxy: env.TRUST_PROXY,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their schema; refusals are the error handler's own bodies, sent as they are
  // (a 412 carries the current picklist beside the error fields, and nothing may turn a refusal into a 500).
  app.setSerializerCompiler((route) =>
    Number(route.httpStatus) >= 400 ? (data: unknown) => JSON.stringify(data) : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]),
  );
  registerErrorHandler(app);
  // First of the hooks, so that every query a request makes (its sign-in lookup included) can be dropped when its client leaves.
  registerRequestAbort(app);
  registerNulGuard(app);

  const entraHost = env.entra?.authorityHost;
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The barcode scanner's fallback (browsers without BarcodeDetector) compiles WebAssembly, served from here.
        // /login's one inline script, by its hash (lib/boot-loader.ts): it asks for the app once the page has painted.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", BOOT_LOADER_CSP_HASH],
        // Headless UI positions menus and dialogs with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'"],
        connectSrc: ["'self'", ...(entraHost ? [entraHost, 'https://graph.microsoft.com'] : [])],
        // MSAL renews tokens silently in a hidden frame of the authority.
        frameSrc: entraHost ? [entraHost] : ["'none'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    hsts: env.isProduction ? { maxAge: 180 * 24 * 3600, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      ...errorBody(429, 'RATE_LIMITED', `Too many sign-in attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
      statusCode: 429,
    }),
  });
  await registerOpenApi(app, APP_VERSION);

  const demoTokens = env.AUTH_MODE === 'demo' ? await createDemoTokenService(database.db, env.DEMO_TOKEN_TTL_MINUTES) : null;
  const verifier = env.entra ? createEntraVerifier(env.entra, entraKeys) : demoTokens;
  if (!verifier) throw new Error('No token verifier: AUTH_MODE=entra needs its ENTRA_* settings');
  const callers = await createListeningCallerCache(database, (azureUserId, marketCode) => findCaller(database.db, azureUserId, marketCode));
  app.addHook('onClose', () => callers.close());
  registerAccessControl(app, { callers, verifier: withVerifiedTokenCache(verifier) });

  const db = database.db;
  const auth = createAuthService({ db, env, demoTokens });
  const users = createUsersService({ db, accessChanged: () => callers.forget() });
  // A write's invalidation reaches every instance on the same PostgreSQL (lib/market-changes.ts).
  const changes = await createMarketChanges(database, app.log);
  app.addHook('onClose', () => changes.close());
  // An answer waits for the notices of changes announced before it (a write's own, told to the other instances).
  app.addHook('onSend', (_request, _reply, payload, done) => {
    const unsent = changes.unsent();
    if (!unsent) return done(null, payload);
    void unsent.then(() => done(null, payload));
  });
  const counted = createMarketStats((marketId) => countMarketStats(db, marketId), env.STATS_CACHE_MS);
  changes.onChange((marketId) => counted.invalidate(marketId));
  const stats: MarketStats = { get: (marketId) => counted.get(marketId), invalidate: (marketId) => changes.announce(marketId) };
  const orders = createOrdersService({ db, changes, countCacheMs: env.STATS_CACHE_MS });
  // Parse workers start at the first upload and end with the app.
  const parsePool = createParsePool();
  app.addHook('onClose', () => parsePool.close());
  const uploads = createOrderUploadService({ db, orders, parsePool });

  // Background work (imports) runs on every instance; the queue's lease decides which one takes each job.
  const jobs = createJobQueue({ db, leaseMs: env.JOB_LEASE_SECONDS * 1000, logger: app.log });
  const connectors = createConnectorRegistry(env.connectors, { faults: env.simulatorFaults, extraPackagesPerLocation: env.SIMULATOR_EXTRA_PACKAGES });
  jobs.define(IMPORT_JOB_KIND, createImportJob({ db, connectors, stats }));
  const imports = createImportService({ db, jobs, stats });
  jobs.define(ISSUE_REFRESH_JOB_KIND, createIssueRefreshJob({ db, connectors, stats }));
  const issues = createIssuesService({ db, jobs, stats });
  jobs.define(RECONCILIATION_JOB_KIND, createReconciliationJob({ db, connectors }));
  const reconciliation = createReconciliationService({ db, jobs });
  const exportStorage = createExportStorage({ db, dataDir: env.DATA_DIR });
  const reconciliationExports = createReconciliationExports({ db, storage: exportStorage, reconciliation });
  jobs.define(MENU_EXPORT_JOB_KIND, createMenuExportJob({ db, storage: exportStorage }));
  const menus = createMenusService({ db, jobs, storage: exportStorage, countCacheMs: env.STATS_CACHE_MS });
  const caseSizes = createCaseSizesService({ db, imports, countCacheMs: env.STATS_CACHE_MS, changes });
  // Also every minute: an import or an issue refresh whose job failed for good without recording it (the
  // database went away meanwhile) is ended too, without waiting for a restart.
  const sweep = async () => {
    await failInterruptedImports(db);
    await failInterruptedRefreshes(db);
    await failInterruptedReconciliations(db);
  };
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    jobs.start();
    sweeper = setInterval(() => void sweep().catch((error: unknown) => app.log.warn({ err: error }, 'Sweeping interrupted imports and refreshes failed')), 60_000);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await jobs.stop();
  });

  await app.register(
    async (api) => {
      // API answers over 1 KB go out compressed (a list page's 60 KB of JSON is ~6 KB): brotli at a quality
      // cheap enough to run per request, else gzip. The client's files are served precompressed instead.
      // Compressed in one call up to COMPRESS_IN_ONE_CALL_BYTES: past 8 KB on two cores (4 KB on more) the plugin
      // would make a zlib stream per answer, and a page of 100 menu rows then cost 3.9 ms of server CPU against 0.9 ms
      // (32 connections, two cores; the stream hands the work to libuv's threads, which only pays where cores are
      // idle, and allocates a compressor per answer). Browsers send brotli only over HTTPS: gzip at level 3 (90 KB in
      // 74 us against 237 at the default 6, 17% larger) for plain HTTP.
      await api.register(compress, {
        threshold: 1024,
        syncThreshold: COMPRESS_IN_ONE_CALL_BYTES,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
        zlibOptions: { level: 3 },
      });
      await api.register(healthRoutes, { database, version: APP_VERSION });
      await api.register(authRoutes, { auth, loginRateLimitPerMinute: env.LOGIN_RATE_LIMIT_PER_MINUTE });
      await api.register(marketsRoutes, { db, stats });
      await api.register(usersRoutes, { users });
      await api.register(ordersRoutes, { orders });
      await api.register(customersRoutes, { db });
      await api.register(orderUploadRoutes, { uploads });
      await api.register(importRoutes, { imports });
      await api.register(issuesRoutes, { issues });
      await api.register(reconciliationRoutes, { reconciliation, exports: reconciliationExports });
      await api.register(exportsRoutes, { storage: exportStorage });
      await api.register(caseSizesRoutes, { caseSizes });
      await api.register(menusRoutes, { menus });
      await api.register(picklistsRoutes, { picklists: createPicklistsService({ db, stats }) });
    },
    { prefix: '/api' },
  );

  registerClient(app, env, auth);
  return app;
}

/**
 * Without a request timeout (Fastify's default is none) a client that sends its body a byte at a time
 * holds a connection for as long as it likes, before any sign-in is checked. A late request is answered
 * 408 and its connection closed.
 */
function httpTimeouts(env: Env): { requestTimeout: number; keepAliveTimeout: number; http: ServerOptions } {
  const requestTimeout = env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000;
  // Node refuses a headers timeout longer than the request timeout.
  const headersTimeout = Math.min(HEADERS_TIMEOUT_MS, requestTimeout);
  return {
    requestTimeout,
    keepAliveTimeout: env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    // Node looks for late requests every 30 s by default, which would let one run up to 30 s past its time.
    http: { headersTimeout, connectionsCheckingInterval: Math.max(250, headersTimeout / 4) },
  };
}

/**
 * Paths that name a file rather than a screen: a name with an extension (robots.txt, favicon.ico, a chunk;
 * an extension starts with a letter, so /orders/preview/12.5 stays a screen that says the id is invalid),
 * anything under the build's assets/ and the well-known URIs. They get the file or a 404, never the app
 * shell: a crawler must not read index.html as robots.txt, and a browser asking for a chunk of an older
 * build must get an error it can act on rather than HTML to run as JavaScript.
 */
const FILE_PATH = /^\/(assets|\.well-known)\/|\.[A-Za-z][A-Za-z0-9]*$/;

/** Serves the built PWA when there is one: hashed assets cached for a year, deep links answered with index.html. */
function registerClient(app: FastifyInstance, env: Env, auth: AuthService): void {
  const root = path.resolve(env.CLIENT_DIST_DIR);
  const hasClient = existsSync(path.join(root, 'index.html'));
  if (hasClient) {
    void app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const signInPage = hasClient ? createSignInPage(root, env.AUTH_MODE) : null;
  const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';
  const isRead = (request: FastifyRequest) => hasClient && ['GET', 'HEAD'].includes(request.method) && !pathOf(request).startsWith('/api');
  const isDeepLink = (request: FastifyRequest) => isRead(request) && !FILE_PATH.test(pathOf(request));
  // Guessing addresses costs a client a request each: without a limit, one client can probe the API or
  // flood the server for free. Reloads of the app's pages are counted apart, with room for a whole office
  // behind one address.
  const limitUnknownPaths = notFoundRateLimit(app, env.NOT_FOUND_RATE_LIMIT_PER_MINUTE);
  const limitDeepLinks = notFoundRateLimit(app, env.NOT_FOUND_RATE_LIMIT_PER_MINUTE * 10);
  const preHandler = (request: FastifyRequest, reply: FastifyReply) => (isDeepLink(request) ? limitDeepLinks : limitUnknownPaths).call(app, request, reply);
  app.setNotFoundHandler({ preHandler }, async (request, reply) => {
    const pathname = pathOf(request);
    // A file added to the build after start-up (the static routes are made from the files there at start).
    const file = pathname.slice(1);
    if (isRead(request) && file && !file.includes('..') && existsSync(path.join(root, file))) {
      return reply.sendFile(file);
    }
    if (!isDeepLink(request)) {
      return reply.status(404).send(errorBody(404, 'NOT_FOUND', `There is no ${request.method} ${pathname}.`));
    }
    reply.header('Cache-Control', 'no-cache');
    if (signInPage && pathname.replace(/\/+$/, '') === '/login') {
      // The sign-in mode and the demo users come in the page, not by calls once its scripts have run. A
      // database too busy to list the users in a moment (an import's commit holding PGlite, a pool with no
      // free connection) leaves them out rather than holding the page: the screen then asks for them itself.
      const demoUsers = env.AUTH_MODE === 'demo' ? await withinMs(auth.demoUsers(), SIGN_IN_DATA_WAIT_MS).catch((error: unknown) => {
        request.log.warn({ err: error }, 'The demo users were left out of /login');
        return undefined;
      }) : undefined;
      const data: SignInData = { config: auth.config(), ...(demoUsers ? { demoUsers } : {}) };
      const page = signInPage(request.headers['accept-encoding'], data);
      if (page.encoding) reply.header('Content-Encoding', page.encoding);
      return reply.header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8').send(page.body);
    }
    return reply.type('text/html').sendFile('index.html');
  });
}

/** How long /login's page waits for its demo users before it goes without them. */
const SIGN_IN_DATA_WAIT_MS = 300;

/** The work's answer, or a failure once `ms` have passed (the work itself goes on). */
function withinMs<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function notFoundRateLimit(app: FastifyInstance, perMinute: number) {
  return app.rateLimit({
    max: perMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) => ({
      ...errorBody(429, 'RATE_LIMITED', `Too many requests for addresses that do not exist. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
      statusCode: 429,
    }),
  });
}
