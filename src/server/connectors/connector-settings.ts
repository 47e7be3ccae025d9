// Which markets talk to a real seed-to-sale system, read from the environment with the rest of the settings
// (env.ts). A market with no credentials uses the simulator; half a set of credentials stops start-up with a
// message naming what is missing. Credentials stay here and in the clients: never in a log or an answer.
import type { MarketCode } from '../../shared/enums';
import type { SimulatorFault } from './types';

type MetrcSettings = { system: 'metrc'; baseUrl: string; vendorKey: string; userKey: string };
type BiotrackSettings = { system: 'biotrack'; baseUrl: string; licenseNumber: string; username: string; password: string };
export type ConnectorSettings = Partial<Record<MarketCode, MetrcSettings | BiotrackSettings>>;

const METRC_MARKETS = ['MN', 'NV', 'IL', 'MD', 'NJ'] as const satisfies readonly MarketCode[];
const BIOTRACK_MARKETS = ['FL'] as const satisfies readonly MarketCode[];

function httpsUrl(name: string, value: string, problems: string[]): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http');
    // fetch refuses such a URL with an error quoting it whole: the secret would reach the import's comments.
    if (url.username || url.password) {
      problems.push(`${name} must not carry a user name or password: set the keys in their own variables`);
      return value;
    }
    return value.replace(/\/+$/, '');
  } catch {
    problems.push(`${name} must be a URL such as https://api-mn.metrc.com`);
    return value;
  }
}

/** Every variable of a set, or none of them; the names of the missing ones otherwise. */
function takeSet(source: Record<string, string | undefined>, names: readonly string[], problems: string[]): Record<string, string> | null {
  const present = names.filter((name) => source[name]);
  if (present.length === 0) return null;
  const missing = names.filter((name) => !source[name]);
  if (missing.length > 0) {
    problems.push(`${present.join(', ')} ${present.length === 1 ? 'is' : 'are'} set but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not: set all of them to use the real system, or none to use the simulator`);
    return null;
  }
  return Object.fromEntries(names.map((name) => [name, source[name]!]));
}

export function parseConnectorSettings(source: Record<string, string | undefined>): { settings: ConnectorSettings; problems: string[] } {
  const problems: string[] = [];
  const settings: ConnectorSettings = {};
  for (const code of METRC_MARKETS) {
    const keys = takeSet(source, [`METRC_${code}_VENDOR_KEY`, `METRC_${code}_USER_KEY`], problems);
    if (!keys) continue;
    const baseName = `METRC_${code}_BASE_URL`;
    settings[code] = {
      system: 'metrc',
      baseUrl: httpsUrl(baseName, source[baseName] ?? `https://api-${code.toLowerCase()}.metrc.com`, problems),
      vendorKey: keys[`METRC_${code}_VENDOR_KEY`]!,
      userKey: keys[`METRC_${code}_USER_KEY`]!,
    };
  }
  for (const code of BIOTRACK_MARKETS) {
    const names = [`BIOTRACK_${code}_BASE_URL`, `BIOTRACK_${code}_LICENSE_NUMBER`, `BIOTRACK_${code}_USERNAME`, `BIOTRACK_${code}_PASSWORD`];
    const values = takeSet(source, names, problems);
    if (!values) continue;
    settings[code] = {
      system: 'biotrack',
      baseUrl: httpsUrl(names[0]!, values[names[0]!]!, problems),
      licenseNumber: values[names[1]!]!,
      username: values[names[2]!]!,
      password: values[names[3]!]!,
    };
  }
  return { settings, problems };
}

export type SimulatorFaults = Partial<Record<MarketCode, SimulatorFault[]>>;

/** SIMULATOR_FAULTS: 'MD:server-error:packages,FL:timeout:lab-results' (market, fault, call[, times]). */
export function parseSimulatorFaults(value: string | undefined): { faults: SimulatorFaults; problems: string[] } {
  const faults: SimulatorFaults = {};
  const problems: string[] = [];
  for (const entry of (value ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
    const [code, kind, on, times] = entry.split(':');
    const kinds = ['timeout', 'rate-limit', 'server-error', 'malformed', 'endless-pages', 'unauthorized'];
    const calls = ['locations', 'packages', 'lab-results', 'login', 'any'];
    if (!code || !['MN', 'NV', 'IL', 'MD', 'NJ', 'FL'].includes(code) || !kind || !kinds.includes(kind) || !on || !calls.includes(on) || (times !== undefined && !/^\d+$/.test(times))) {
      problems.push(`SIMULATOR_FAULTS entry '${entry}' must be market:fault:call[:times], fault one of ${kinds.join(', ')}, call one of ${calls.join(', ')}`);
      continue;
    }
    (faults[code as MarketCode] ??= []).push({ kind: kind as SimulatorFault['kind'], on: on as SimulatorFault['on'], ...(times ? { times: Number(times) } : {}) });
  }
  return { faults, problems };
}
