// Chooses each market's seed-to-sale connector: the real Metrc or BioTrack client where the environment
// gives credentials, otherwise the simulator of the market's system fed by our own demo data. Simulators
// are served through the real clients, so the embedded default parses the vendors' payloads as production does.
import type { MarketCode, SeedToSaleSystem } from '../../shared/enums';
import type { DbOrTx } from '../db/client';
import { createBiotrackClient } from './biotrack/biotrack-client';
import { createBiotrackSimulator } from './biotrack/biotrack-simulator';
import type { ConnectorSettings, SimulatorFaults } from './connector-settings';
import { createDatabaseErp } from './erp/database-erp';
import { createMetrcClient } from './metrc/metrc-client';
import { createMetrcSimulator } from './metrc/metrc-simulator';
import { createSimulatedSource } from './simulator/simulated-source';
import { loadSimulatorWorld } from './simulator/simulator-world';
import type { ErpConnector, LabConnector, SeedToSaleConnector } from './types';

type ConnectorMarket = { id: number; code: MarketCode; seedToSaleSystem: SeedToSaleSystem };

export type SimulatorOptions = {
  /** Faults per market, switched on in tests and demos (SIMULATOR_FAULTS). */
  faults?: SimulatorFaults;
  /** More valid new packages per location, for benchmarks. */
  extraPackagesPerLocation?: number;
  /** Backoff of the clients when they talk to a simulator: tests need no real waits. */
  retry?: { retries?: number; minBackoffMs?: number; timeoutMs?: number };
};

export type ConnectorRegistry = {
  seedToSale(market: ConnectorMarket, db: DbOrTx): Promise<SeedToSaleConnector>;
  /** The ERP's products; the embedded default reads our catalogue tables. */
  erp(market: ConnectorMarket, db: DbOrTx): ErpConnector;
  /** The labs report through the seed-to-sale system in every market we serve: its lab calls are the lab connector. */
  lab(seedToSale: SeedToSaleConnector): LabConnector;
};

export function createConnectorRegistry(settings: ConnectorSettings, simulator: SimulatorOptions = {}): ConnectorRegistry {
  return {
    erp: (market, db) => createDatabaseErp(db, market.id),
    lab: (seedToSale) => ({ listLabResults: (locationId, packageId, options) => seedToSale.listLabResults(locationId, packageId, options) }),
    async seedToSale(market, db) {
      const real = settings[market.code];
      if (real?.system === 'metrc') return createMetrcClient({ baseUrl: real.baseUrl, vendorKey: real.vendorKey, userKey: real.userKey });
      if (real?.system === 'biotrack') {
        return createBiotrackClient({ baseUrl: real.baseUrl, licenseNumber: real.licenseNumber, username: real.username, password: real.password });
      }
      const world = await loadSimulatorWorld(db, market.id);
      const source = createSimulatedSource(world, { extraPackagesPerLocation: simulator.extraPackagesPerLocation });
      const faults = simulator.faults?.[market.code] ?? [];
      // A simulator answers at once: backing off as from a real system would only slow tests and demos.
      const retry = simulator.retry ?? { minBackoffMs: 20 };
      if (market.seedToSaleSystem === 'biotrack') {
        const fake = createBiotrackSimulator({ source, faults });
        return createBiotrackClient({ baseUrl: 'http://biotrack.simulator', licenseNumber: 'SIMULATOR', username: 'simulator', password: 'simulated-password', fetch: fake.fetch, kind: 'simulator', retry });
      }
      const fake = createMetrcSimulator({ source, faults });
      return createMetrcClient({ baseUrl: 'http://metrc.simulator', vendorKey: 'simulator', userKey: 'simulator', fetch: fake.fetch, kind: 'simulator', retry });
    },
  };
}
