// Every server setting, read once from the environment. A bad or missing value stops start-up with a
// message naming the variable; README.md lists them all.
import { z } from 'zod';
import { parseConnectorSettings, parseSimulatorFaults, type ConnectorSettings, type SimulatorFaults } from './connectors/connector-settings';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a whole number')
  .min(1, 'must be 1 to 65535')
  .max(65535, 'must be 1 to 65535');

const postgresUrl = z
  .string()
  .trim()
  .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// connection URL');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  PORT: port.default(8080),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce.number({ error: 'must be a number' }).int().min(1).max(200).default(10),
  /** Prepared statements save a round trip per query; a transaction-pooling PgBouncer cannot keep them. */
  DATABASE_PREPARE: booleanFlag.default(true),
  /**
   * PostgreSQL: a statement running longer fails (answered 503 with Retry-After), so that a flood of expensive
   * requests cannot hold every connection. 0 turns it off. A migration that needs longer starts with
   * `set local statement_timeout = 0` (all pending migrations run in one transaction).
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(3_600_000).default(30_000),
  /** Embedded PGlite: requests' operations that may wait for its single connection; past them a request is refused with 503 and Retry-After. */
  PGLITE_QUEUE_LIMIT: z.coerce.number({ error: 'must be a number' }).int().min(1).max(10_000).default(64),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino log level' }).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  CLIENT_DIST_DIR: z.string().trim().min(1).default('./dist'),
  AUTH_MODE: z.enum(['demo', 'entra'], { error: 'must be demo or entra' }).default('demo'),
  DEMO_TOKEN_TTL_MINUTES: z.coerce.number({ error: 'must be a number of minutes' }).int().min(1).max(24 * 60).default(60),
  /** Loads the demo data set into an empty database at start-up; on by default in demo mode only. */
  SEED_DEMO_DATA: booleanFlag.optional(),
  ENTRA_TENANT_ID: z.string().trim().min(1, 'must not be empty').optional(),
  ENTRA_CLIENT_ID: z.string().trim().min(1, 'must not be empty').optional(),
  ENTRA_API_AUDIENCE: z.string().trim().min(1, 'must not be empty').optional(),
  ENTRA_API_SCOPE: z.string().trim().min(1, 'must not be empty').optional(),
  ENTRA_AUTHORITY_HOST: z.url({ error: 'must be a URL such as https://login.microsoftonline.com' }).default('https://login.microsoftonline.com'),
  /** How long the sidebar badge counts are reused per market; writers on the same instance refresh them at once. */
  STATS_CACHE_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(60_000).default(2_000),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: 'must be a number' }).int().min(1).max(10_000).default(20),
  /** Requests to paths that do not exist, per client address; deep links of the app have ten times as many. */
  NOT_FOUND_RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100_000).default(120),
  /**
   * How long a client has to send a whole request, body included. The largest body is a 10 MB spreadsheet
   * sent as 13.4 MB of base64, which takes about 110 s on a 1 Mbit/s mobile uplink.
   */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(1).max(3_600).default(120),
  /** How long a background job's claim lasts without a heartbeat: after a crash, its job is taken again this much later. */
  JOB_LEASE_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(2).max(3_600).default(30),
  /** Faults the seed-to-sale simulators answer with, for tests and demos: market:fault:call[:times], comma separated. */
  SIMULATOR_FAULTS: z.string().trim().optional(),
  /** More valid new packages per location from the simulators, for benchmarks. */
  SIMULATOR_EXTRA_PACKAGES: z.coerce.number({ error: 'must be a number' }).int().min(0).max(1_000_000).default(0),
  /** Must be longer than the idle timeout of a load balancer in front (60 s on AWS, 600 s on Google Cloud) or it sees 502s. */
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(1).max(3_600).default(75),
});

type RawEnv = z.output<typeof envSchema>;

export type EntraSettings = {
  tenantId: string;
  clientId: string;
  audience: string;
  apiScope: string;
  authorityHost: string;
  issuer: string;
  jwksUri: string;
};

export type Env = Omit<RawEnv, 'SEED_DEMO_DATA'> & {
  SEED_DEMO_DATA: boolean;
  isProduction: boolean;
  entra: EntraSettings | null;
  /** Markets with a real seed-to-sale system; the others use the simulator. */
  connectors: ConnectorSettings;
  simulatorFaults: SimulatorFaults;
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

const ENTRA_VARIABLES = ['ENTRA_TENANT_ID', 'ENTRA_CLIENT_ID', 'ENTRA_API_AUDIENCE'] as const;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable counts as unset, as shells and .env files often leave them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
  }
  const raw = result.data;
  const problems: string[] = [];
  let entra: EntraSettings | null = null;

  if (raw.AUTH_MODE === 'entra') {
    const missing = ENTRA_VARIABLES.filter((name) => !raw[name]);
    if (missing.length > 0) {
      problems.push(`AUTH_MODE=entra needs ${missing.join(', ')} (the Entra ID tenant, app registration and API audience)`);
    } else {
      const authorityHost = raw.ENTRA_AUTHORITY_HOST.replace(/\/+$/, '');
      entra = {
        tenantId: raw.ENTRA_TENANT_ID!,
        clientId: raw.ENTRA_CLIENT_ID!,
        audience: raw.ENTRA_API_AUDIENCE!,
        apiScope: raw.ENTRA_API_SCOPE ?? `${raw.ENTRA_API_AUDIENCE!}/access_as_user`,
        authorityHost,
        issuer: `${authorityHost}/${raw.ENTRA_TENANT_ID!}/v2.0`,
        jwksUri: `${authorityHost}/${raw.ENTRA_TENANT_ID!}/discovery/v2.0/keys`,
      };
    }
    if (raw.SEED_DEMO_DATA === true) problems.push('SEED_DEMO_DATA cannot be true with AUTH_MODE=entra: demo users must never sign in beside real ones');
  } else {
    // Demo sign-in beside a configured tenant would let anyone in as a demo user: refuse the mix.
    const present = ENTRA_VARIABLES.filter((name) => raw[name]);
    if (present.length > 0) {
      problems.push(`${present.join(', ')} ${present.length === 1 ? 'is' : 'are'} set but AUTH_MODE is demo: set AUTH_MODE=entra, or unset them to use demo sign-in`);
    }
  }
  const connectors = parseConnectorSettings(cleaned);
  problems.push(...connectors.problems);
  const simulatorFaults = parseSimulatorFaults(raw.SIMULATOR_FAULTS);
  problems.push(...simulatorFaults.problems);
  if (problems.length > 0) throw new EnvError(problems);

  return {
    ...raw,
    SEED_DEMO_DATA: raw.SEED_DEMO_DATA ?? raw.AUTH_MODE === 'demo',
    isProduction: raw.NODE_ENV === 'production',
    entra,
    connectors: connectors.settings,
    simulatorFaults: simulatorFaults.faults,
  };
}
