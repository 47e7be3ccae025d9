import { describe, expect, it } from 'vitest';
import type { S2SPackage, SimulatedSource } from '../types';
import { createSimulatedSource } from './simulated-source';
import type { SimulatorWorld } from './simulator-world';

const NOW = new Date('2026-11-20T12:00:00Z');
const CATEGORIES = ['flower', 'vape', 'edible', 'pre-roll', 'accessory'];

function testWorld(): SimulatorWorld {
  const products = Array.from({ length: 25 }, (_, index) => ({
    s2sNames: [`Brand ${index} Item`, `BRAND ${index} ITEM (S2S)`],
    caseSizes: index % 5 === 0 ? [1, 10] : [6, 12, 24],
    category: CATEGORIES[index % CATEGORIES.length]!,
  }));
  const locations = [
    { s2sLocationId: 'MN-LIC-011111', name: 'GREENVAULT MN - ONE' },
    { s2sLocationId: 'MN-LIC-022222', name: 'GREENVAULT MN - TWO' },
  ];
  let tagSerial = 0;
  const batches = Array.from({ length: 240 }, (_, index) => {
    const product = products[index % products.length]!;
    const caseSize = product.caseSizes[0]!;
    return {
      batchNumber: `MN-B26${String(index).padStart(5, '0')}`,
      s2sLocationId: locations[index % 2]!.s2sLocationId,
      s2sProductName: product.s2sNames[index % 3 === 0 ? 1 : 0]!,
      caseSize,
      tags: Array.from({ length: 1 + (index % 3) }, (_, tag) => ({
        tagNumber: `1A4000000000000000${String((tagSerial += 1)).padStart(6, '0')}`,
        quantity: caseSize * (2 + tag),
      })),
    };
  });
  return { marketCode: 'MN', locations, products, batches };
}

const world = testWorld();
const productByName = new Map(world.products.flatMap((product) => product.s2sNames.map((name) => [name, product] as const)));
const knownTags = new Map(world.batches.flatMap((batch) => batch.tags.map((tag) => [tag.tagNumber, { batch, quantity: tag.quantity }] as const)));
const knownBatchNumbers = new Set(world.batches.map((batch) => batch.batchNumber));
const firstCaseSize = (pkg: S2SPackage) => productByName.get(pkg.itemName)?.caseSizes[0];
const isWholeCases = (pkg: S2SPackage) => pkg.quantity > 0 && Number.isInteger(pkg.quantity) && pkg.quantity % firstCaseSize(pkg)! === 0;

const everything = (source: SimulatedSource) =>
  source.locations.map((location) => {
    const packages = source.packagesOf(location.id);
    return { location, packages, labResults: packages.map((pkg) => source.labResultsOf(pkg.packageId)) };
  });

describe('simulated source', () => {
  const source = createSimulatedSource(world, { now: NOW });

  it('is deterministic: the same world and options give the same packages and lab results', () => {
    expect(everything(createSimulatedSource(testWorld(), { now: NOW }))).toEqual(everything(source));
    expect(everything(createSimulatedSource(world, { now: NOW, seed: 2 }))).not.toEqual(everything(source));
  });

  it('serves the world locations, each package under its own location, with unique ids and tags', () => {
    expect(source.locations).toEqual([
      { id: 'MN-LIC-011111', name: 'GREENVAULT MN - ONE' },
      { id: 'MN-LIC-022222', name: 'GREENVAULT MN - TWO' },
    ]);
    const all = source.locations.flatMap((location) => source.packagesOf(location.id));
    for (const location of source.locations) expect(source.packagesOf(location.id).every((pkg) => pkg.locationId === location.id && pkg.locationName === location.name)).toBe(true);
    expect(new Set(all.map((pkg) => pkg.packageId)).size).toBe(all.length);
    expect(new Set(all.map((pkg) => pkg.tag)).size).toBe(all.length);
    expect(all.every((pkg) => pkg.tag.length === 24)).toBe(true);
    for (const pkg of all) {
      const modified = Date.parse(pkg.lastModified);
      expect(modified).toBeLessThanOrEqual(NOW.getTime());
      expect(modified).toBeGreaterThan(NOW.getTime() - 24 * 3_600_000);
    }
    expect(source.packagesOf('unknown')).toEqual([]);
    expect(source.labResultsOf('unknown')).toEqual([]);
  });

  it.each(world.locations.map((location) => location.s2sLocationId))('gives location %s every kind of package an import must handle', (locationId) => {
    const packages = source.packagesOf(locationId);
    const known = packages.filter((pkg) => knownTags.has(pkg.tag));
    const fresh = packages.filter((pkg) => !knownTags.has(pkg.tag));
    const original = (pkg: S2SPackage) => knownTags.get(pkg.tag)!.quantity;

    // Every known tag of the location is listed, most of them unchanged.
    expect(known).toHaveLength(world.batches.filter((batch) => batch.s2sLocationId === locationId).flatMap((batch) => batch.tags).length);
    const unchanged = known.filter((pkg) => pkg.quantity === original(pkg) && !pkg.onHold);
    expect(unchanged.length / known.length).toBeGreaterThan(0.8);
    expect(known.every((pkg) => pkg.batchNumber === knownTags.get(pkg.tag)!.batch.batchNumber)).toBe(true);

    const changed = known.filter((pkg) => pkg.quantity !== original(pkg) && isWholeCases(pkg));
    expect(changed.length).toBeGreaterThanOrEqual(3);
    expect(known.some((pkg) => pkg.onHold)).toBe(true);
    expect(known.some((pkg) => !Number.isInteger(pkg.quantity))).toBe(true);
    expect(known.some((pkg) => pkg.quantity < 0)).toBe(true);
    expect(known.some((pkg) => Number.isInteger(pkg.quantity) && pkg.quantity > 0 && pkg.quantity % firstCaseSize(pkg)! !== 0)).toBe(true);

    const newTagsOnKnownBatches = fresh.filter((pkg) => knownBatchNumbers.has(pkg.batchNumber));
    expect(newTagsOnKnownBatches.length).toBeGreaterThanOrEqual(1);
    expect(newTagsOnKnownBatches.every(isWholeCases)).toBe(true);

    const newBatches = fresh.filter((pkg) => !knownBatchNumbers.has(pkg.batchNumber) && productByName.has(pkg.itemName));
    const fitsNoSize = (pkg: S2SPackage) => productByName.get(pkg.itemName)!.caseSizes.every((size) => pkg.quantity % size !== 0);
    // One new batch, the location's last package, comes in a quantity none of its product's case sizes fits.
    const oddCase = newBatches.filter(fitsNoSize);
    expect(oddCase).toEqual([packages.at(-1)]);
    expect(Number.isInteger(oddCase[0]!.quantity) && oddCase[0]!.quantity > 0 && !oddCase[0]!.onHold).toBe(true);
    const wholeCaseBatches = newBatches.filter((pkg) => !fitsNoSize(pkg));
    expect(new Set(wholeCaseBatches.map((pkg) => pkg.batchNumber)).size).toBeGreaterThanOrEqual(2);
    expect(wholeCaseBatches.every(isWholeCases)).toBe(true);

    const unknownItems = fresh.filter((pkg) => !productByName.has(pkg.itemName));
    expect(unknownItems.length).toBeGreaterThanOrEqual(1);
    expect(unknownItems.every((pkg) => Number.isInteger(pkg.quantity) && pkg.quantity > 0)).toBe(true);
  });

  it.each(world.locations.map((location) => location.s2sLocationId))('gives location %s passed, missing, failed and expired lab results', (locationId) => {
    const packages = source.packagesOf(locationId).filter((pkg) => pkg.category !== 'accessory');
    const results = packages.map((pkg) => ({ pkg, results: source.labResultsOf(pkg.packageId) }));

    const passed = results.filter(({ results }) => results[0]?.passed && Date.parse(results[0].expiresAt!) > NOW.getTime());
    expect(passed.length / results.length).toBeGreaterThan(0.7);
    for (const { pkg, results: [result] } of passed) {
      expect(result).toMatchObject({ packageId: pkg.packageId, status: 'passed' });
      expect(result!.thc?.value).toBeGreaterThan(0);
      expect(result!.cbd).not.toBeNull();
      expect(result!.totalCannabinoids!.value).toBeGreaterThan(result!.thc!.value);
      expect(pkg.labTestingState).toBe('TestPassed');
    }
    expect(passed.some(({ results: [result] }) => result!.terpenes.length >= 3)).toBe(true);

    const missing = results.filter(({ results }) => results.length === 0);
    expect(missing.length).toBeGreaterThanOrEqual(1);
    expect(missing.every(({ pkg }) => pkg.labTestingState !== 'TestPassed' && pkg.labExpiresAt === null)).toBe(true);

    const failed = results.filter(({ results }) => results[0] && !results[0].passed);
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(failed.every(({ pkg, results: [result] }) => result!.status === 'failed' && pkg.labTestingState === 'TestFailed')).toBe(true);

    const expired = results.filter(({ results }) => results[0]?.passed && Date.parse(results[0].expiresAt!) < NOW.getTime());
    expect(expired.length).toBeGreaterThanOrEqual(1);
    expect(expired.every(({ pkg }) => Date.parse(pkg.labExpiresAt!) < NOW.getTime())).toBe(true);
  });

  it("keeps a location's odd-case batch as it is until we stock it, whatever else is committed and whatever size fixes it", () => {
    const [location] = world.locations;
    const oddCase = source.packagesOf(location!.s2sLocationId).at(-1)!;
    const product = productByName.get(oddCase.itemName)!;
    // A commit stocks the location's other new batches, and the Market Admin gives the product the batch's quantity as a size.
    const stockedNew = source.packagesOf(location!.s2sLocationId).filter((pkg) => pkg !== oddCase && !knownBatchNumbers.has(pkg.batchNumber) && productByName.has(pkg.itemName) && isWholeCases(pkg));
    const fixed = {
      ...world,
      products: world.products.map((each) => (each === product ? { ...each, caseSizes: [...each.caseSizes, oddCase.quantity] } : each)),
      batches: [
        ...world.batches,
        ...stockedNew.map((pkg) => ({ batchNumber: pkg.batchNumber, s2sLocationId: pkg.locationId, s2sProductName: pkg.itemName, caseSize: firstCaseSize(pkg)!, tags: [{ tagNumber: pkg.tag, quantity: pkg.quantity }] })),
      ],
    };
    expect(stockedNew.length).toBeGreaterThan(0);
    const again = createSimulatedSource(fixed, { now: NOW }).packagesOf(location!.s2sLocationId).at(-1)!;
    expect(again).toMatchObject({ batchNumber: oddCase.batchNumber, tag: oddCase.tag, itemName: oddCase.itemName, quantity: oddCase.quantity });

    // Once it is stocked, the location's next odd-case batch is another, which again no size of its product fits.
    const stocked = { ...fixed, batches: [...fixed.batches, { batchNumber: oddCase.batchNumber, s2sLocationId: oddCase.locationId, s2sProductName: oddCase.itemName, caseSize: oddCase.quantity, tags: [{ tagNumber: oddCase.tag, quantity: oddCase.quantity }] }] };
    const next = createSimulatedSource(stocked, { now: NOW }).packagesOf(location!.s2sLocationId).at(-1)!;
    expect(next.batchNumber).not.toBe(oddCase.batchNumber);
    expect(next.tag).not.toBe(oddCase.tag);
    const nextSizes = stocked.products.find((each) => each.s2sNames.includes(next.itemName))!.caseSizes;
    expect(nextSizes.every((size) => next.quantity % size !== 0)).toBe(true);
  });

  it('gives the odd-case batch a product with an empty slot for the size that fits it, where one has, and keeps it once that slot is filled', () => {
    // Most products have all five sizes, the others four: the batch comes in one of those, with room for the size that fixes it.
    const full = { ...world, products: world.products.map((product, index) => ({ ...product, caseSizes: index % 5 === 3 ? [6, 12, 24, 48] : [6, 12, 24, 48, 96] })) };
    for (const location of full.locations) {
      const oddCase = createSimulatedSource(full, { now: NOW }).packagesOf(location.s2sLocationId).at(-1)!;
      const product = full.products.find((each) => each.s2sNames.includes(oddCase.itemName))!;
      expect(product.caseSizes).toHaveLength(4);
      expect(product.caseSizes.every((size) => oddCase.quantity % size !== 0)).toBe(true);
      const fixed = { ...full, products: full.products.map((each) => (each === product ? { ...each, caseSizes: [...each.caseSizes, oddCase.quantity] } : each)) };
      expect(createSimulatedSource(fixed, { now: NOW }).packagesOf(location.s2sLocationId).at(-1)).toMatchObject({ batchNumber: oddCase.batchNumber, itemName: oddCase.itemName, quantity: oddCase.quantity });
    }
  });

  it('adds the extra packages as valid new batches of known products, leaving the rest as it was', () => {
    const withExtras = createSimulatedSource(world, { now: NOW, extraPackagesPerLocation: 500 });

    for (const location of world.locations) {
      // The odd-case batch stays last, after the extras, with the same product and quantity.
      const [base, oddCase] = [source.packagesOf(location.s2sLocationId).slice(0, -1), source.packagesOf(location.s2sLocationId).at(-1)!];
      const all = withExtras.packagesOf(location.s2sLocationId);
      expect(all).toHaveLength(base.length + 500 + 1);
      expect(all.slice(0, base.length)).toEqual(base);
      expect(all.at(-1)).toMatchObject({ itemName: oddCase.itemName, quantity: oddCase.quantity });
      const extras = all.slice(base.length, -1);
      expect(extras.every((pkg) => productByName.has(pkg.itemName) && isWholeCases(pkg) && !pkg.onHold && !knownBatchNumbers.has(pkg.batchNumber))).toBe(true);
      expect(extras.every((pkg) => withExtras.labResultsOf(pkg.packageId)[0]?.passed ?? pkg.category === 'accessory')).toBe(true);
    }
    const tags = world.locations.flatMap((location) => withExtras.packagesOf(location.s2sLocationId).map((pkg) => pkg.tag));
    expect(new Set(tags).size).toBe(tags.length);
  });
});
