// The packages and lab results both seed-to-sale simulators serve, made from a market's own data so that an
// import against them meets every case its rules handle. Deterministic: the same world, seed and `now` give
// the same output, and each location draws from its own stream (adding extra packages changes nothing else).
// Per location:
// - every active tag of our batches there, most unchanged, some with a changed quantity (whole cases of the
//   product's first case size), a few on hold, three with odd quantities (fractional, negative, not a whole case);
// - a few new tags on known batches and a few new batches of known products (whole cases);
// - a few packages of items no product is known by;
// - `extraPackagesPerLocation` more valid new packages, for benchmarks;
// - one new batch of a known product in a quantity none of its case sizes fits (an import holds it back
//   until a Market Admin adds a size that fits), made last so that it shifts nothing above. Until we stock it,
//   it is the same package in every fetch (number, tag, product, quantity), as a seed-to-sale system keeps a
//   package: neither a commit of the location's other batches nor the size that fixes it moves it.
// Lab results per batch: most passed with THC, CBD, total cannabinoids and terpenes; some missing (no result),
// some failed, some expired. Every package was modified within the day before `now`.
import { CASE_SIZE_SLOTS } from '../../../shared/api/case-sizes';
import { createRandom, seedOf, weightedPicker, type Random } from '../../db/demo-data/random';
import type { S2SLabResult, S2SLocation, S2SPackage, S2SPotency, SimulatedSource } from '../types';
import type { SimulatorWorld } from './simulator-world';

type Product = SimulatorWorld['products'][number];
type KnownBatch = SimulatorWorld['batches'][number];
type LabProfile = 'passed' | 'missing' | 'failed' | 'expired';
type OddKind = 'fractional' | 'negative' | 'not-whole-case';
type TagKind = OddKind | 'on-hold' | 'changed' | 'unchanged';
/** A batch as the seed-to-sale system describes it, shared by its packages. */
type BatchPlan = { batchNumber: string; itemName: string; category: string | null; lab: LabPlan };
type LabPlan = { labTestingState: string | null; labExpiresAt: string | null; result: Omit<S2SLabResult, 'packageId'> | null };

const DAY = 86_400_000;
/** Where the tags of odd-case batches are numbered, apart from the other new tags (which count from 900,000). */
const ODD_CASE_TAG_SERIAL = 500_000;
const TERPENES = ['Myrcene', 'Limonene', 'Caryophyllene', 'Linalool', 'Pinene', 'Humulene', 'Terpinolene', 'Ocimene', 'Bisabolol'];
const UNKNOWN_ADJECTIVES = ['Moonlit', 'Copper', 'Velvet', 'Harbor', 'Prairie', 'Lantern'];
const UNKNOWN_NOUNS = ['Haze', 'Kush', 'Dream', 'Glue', 'Cookies', 'Diesel'];
const UNKNOWN_FORMS: [string, string][] = [
  ['Flower 3.5g', 'flower'],
  ['Vape Cartridge 1g', 'vape'],
  ['Gummies 100mg', 'edible'],
  ['Pre-Roll 1g', 'pre-roll'],
];
const labProfileOf = weightedPicker<LabProfile>([
  ['passed', 85],
  ['missing', 5],
  ['failed', 5],
  ['expired', 5],
]);

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const instant = (ms: number) => new Date(ms).toISOString();

function isPrime(value: number): boolean {
  if (value < 2) return false;
  for (let divisor = 2; divisor * divisor <= value; divisor += 1) if (value % divisor === 0) return false;
  return true;
}

/** Potency ranges by category: flower-like in %, extracts in %, infused products in mg/g; accessories untested. */
function potencyRange(category: string | null): { thc: [number, number]; cbd: [number, number]; unit: S2SPotency['unit'] } | null {
  const name = category?.toLowerCase() ?? '';
  if (name === 'accessory') return null;
  if (['vape', 'concentrate', 'wax', 'shatter', 'resin/rosin'].includes(name)) return { thc: [55, 92], cbd: [0.1, 3], unit: 'Percentage' };
  if (['edible', 'beverage', 'capsule', 'tincture', 'topical'].includes(name)) return { thc: [1, 10], cbd: [0, 5], unit: 'WeightRatio' };
  return { thc: [14, 31], cbd: [0.01, 1.5], unit: 'Percentage' };
}

export function createSimulatedSource(world: SimulatorWorld, options: { extraPackagesPerLocation?: number; seed?: number; now?: Date } = {}): SimulatedSource {
  const seed = options.seed ?? 1;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000) * 1000;
  const extraPerLocation = options.extraPackagesPerLocation ?? 0;

  const productByName = new Map<string, Product>();
  for (const product of world.products) for (const name of product.s2sNames) if (!productByName.has(name)) productByName.set(name, product);
  const catalogue = world.products.filter((product) => product.s2sNames.length > 0 && product.caseSizes.length > 0);
  const knownNames = new Set([...productByName.keys()].map((name) => name.toLowerCase()));
  const batchesAt = new Map<string, KnownBatch[]>();
  for (const batch of world.batches) {
    const list = batchesAt.get(batch.s2sLocationId);
    if (list) list.push(batch);
    else batchesAt.set(batch.s2sLocationId, [batch]);
  }

  const usedTags = new Set(world.batches.flatMap((batch) => batch.tags.map((tag) => tag.tagNumber)));
  const usedBatchNumbers = new Set(world.batches.map((batch) => batch.batchNumber));
  const anyTag = world.batches.find((batch) => batch.tags.length > 0)?.tags[0]?.tagNumber;
  let packageSerial = 7_000_000;
  let resultSerial = 3_000_000;
  let tagSerial = 900_000;
  let batchSerial = 1;

  /** A tag in the location's own format (Metrc's 24 characters, BioTrack's 16 digits), never one in use, from `serials`. */
  function freeTag(template: string | undefined, locationIndex: number, serials: () => number): string {
    const base = template ?? anyTag ?? `1A4SIM${String(locationIndex).padStart(2, '0')}0000000000000000`;
    for (;;) {
      const tag = `${base.slice(0, base.length - 6)}${String(serials() % 1_000_000).padStart(6, '0')}`;
      if (!usedTags.has(tag)) {
        usedTags.add(tag);
        return tag;
      }
    }
  }

  const newTag = (template: string | undefined, locationIndex: number) => freeTag(template, locationIndex, () => tagSerial++);

  function newBatchNumber(): string {
    for (;;) {
      const batchNumber = `${world.marketCode}-S${String(batchSerial++).padStart(6, '0')}`;
      if (!usedBatchNumbers.has(batchNumber)) {
        usedBatchNumbers.add(batchNumber);
        return batchNumber;
      }
    }
  }

  function labPlan(random: Random, category: string | null, profile: LabProfile): LabPlan {
    const range = potencyRange(category);
    if (!range) return { labTestingState: 'NotRequired', labExpiresAt: null, result: null };
    if (profile === 'missing') return { labTestingState: random.pick(['NotSubmitted', 'SubmittedForTesting', 'TestingInProgress']), labExpiresAt: null, result: null };
    const thc = random.decimal(range.thc[0], range.thc[1], 3);
    const cbd = random.decimal(range.cbd[0], range.cbd[1], 3);
    const terpenes =
      range.unit === 'Percentage'
        ? random
            .sample(TERPENES, random.int(3, 6))
            .map((terpeneName) => ({ terpeneName, percentage: random.decimal(0.05, 2.4, 2) }))
            .sort((a, b) => b.percentage - a.percentage)
        : [];
    const expired = profile === 'expired';
    const testedAt = now - (expired ? random.int(400, 500) : random.int(10, 120)) * DAY;
    const expiresAt = expired ? now - random.int(1, 60) * DAY : now + random.int(200, 365) * DAY;
    const passed = profile !== 'failed';
    return {
      labTestingState: passed ? 'TestPassed' : 'TestFailed',
      labExpiresAt: instant(expiresAt),
      result: {
        resultId: String(resultSerial++),
        passed,
        status: passed ? 'passed' : 'failed',
        testedAt: instant(testedAt),
        expiresAt: instant(expiresAt),
        thc: { value: thc, unit: range.unit },
        cbd: { value: cbd, unit: range.unit },
        totalCannabinoids: { value: Math.round((thc + cbd) * random.decimal(1.01, 1.06, 3) * 1000) / 1000, unit: range.unit },
        terpenes,
      },
    };
  }

  /** The special kinds go to shuffled tags first, so every location large enough has each of them. */
  function tagKinds(random: Random, entries: { batch: KnownBatch; tagNumber: string }[], caseSizeOf: (batch: KnownBatch) => number): Map<string, TagKind> {
    const kinds = new Map<string, TagKind>();
    const wanted: TagKind[] = [
      'fractional',
      'negative',
      'not-whole-case',
      ...Array<TagKind>(Math.max(1, Math.round(entries.length * 0.02))).fill('on-hold'),
      ...Array<TagKind>(Math.max(1, Math.round(entries.length * 0.08))).fill('changed'),
    ];
    for (const entry of random.sample(entries, entries.length)) {
      // Every whole number is a whole number of cases of one unit, so that kind needs a larger case.
      const index = wanted.findIndex((kind) => kind !== 'not-whole-case' || caseSizeOf(entry.batch) > 1);
      if (index === -1) break;
      kinds.set(entry.tagNumber, wanted[index]!);
      wanted.splice(index, 1);
    }
    return kinds;
  }

  type Location = SimulatorWorld['locations'][number];
  const packages = new Map<string, S2SPackage[]>(world.locations.map((location) => [location.s2sLocationId, []]));
  const labResults = new Map<string, S2SLabResult[]>();
  const templateAt = (locationId: string) => batchesAt.get(locationId)?.find((batch) => batch.tags.length > 0)?.tags[0]?.tagNumber;
  const caseSizeOf = (batch: KnownBatch) => productByName.get(batch.s2sProductName)?.caseSizes[0] ?? batch.caseSize;
  const wholeCases = (stream: Random, caseSize: number) => stream.int(1, 40) * caseSize;
  const newBatch = (stream: Random, product: Product, profile: LabProfile): BatchPlan => ({
    batchNumber: newBatchNumber(),
    itemName: stream.pick(product.s2sNames),
    category: product.category,
    lab: labPlan(stream, product.category, profile),
  });

  function emit(location: Location, plan: BatchPlan, tag: string, quantity: number, stream: Random, onHold = false) {
    const packageId = String(packageSerial++);
    const packagedAt = now - stream.int(5, 200) * DAY;
    packages.get(location.s2sLocationId)!.push({
      packageId,
      tag,
      batchNumber: plan.batchNumber,
      itemName: plan.itemName,
      category: plan.category,
      quantity,
      unitOfMeasure: 'Each',
      locationId: location.s2sLocationId,
      locationName: location.name,
      packagedDate: day(packagedAt),
      expirationDate: plan.lab.result ? day(packagedAt + stream.int(180, 540) * DAY) : null,
      labTestingState: plan.lab.labTestingState,
      labExpiresAt: plan.lab.labExpiresAt,
      onHold,
      lastModified: instant(now - stream.int(60, 23 * 3600) * 1000),
    });
    if (plan.lab.result) labResults.set(packageId, [{ ...plan.lab.result, packageId }]);
  }

  function quantityOf(random: Random, kind: TagKind, current: number, caseSize: number): number {
    if (kind === 'fractional') return current + 0.5;
    if (kind === 'negative') return -caseSize;
    if (kind === 'not-whole-case') return wholeCases(random, caseSize) + 1;
    if (kind !== 'changed') return current;
    const changed = wholeCases(random, caseSize);
    return changed === current ? changed + caseSize : changed;
  }

  function simulateLocation(location: Location, locationIndex: number) {
    const random = createRandom(seedOf(world.marketCode, seed, location.s2sLocationId));
    const known = batchesAt.get(location.s2sLocationId) ?? [];
    const template = templateAt(location.s2sLocationId);

    // Our batches: the first three (in a shuffled order) with a lab test get a failed, a missing and an expired result.
    const forced: LabProfile[] = ['failed', 'missing', 'expired'];
    const plans = new Map<string, BatchPlan>();
    for (const batch of random.sample(known, known.length)) {
      const category = productByName.get(batch.s2sProductName)?.category ?? null;
      const profile = potencyRange(category) ? (forced.shift() ?? labProfileOf(random)) : 'passed';
      plans.set(batch.batchNumber, { batchNumber: batch.batchNumber, itemName: batch.s2sProductName, category, lab: labPlan(random, category, profile) });
    }
    const kinds = tagKinds(
      random,
      known.flatMap((batch) => batch.tags.map((tag) => ({ batch, tagNumber: tag.tagNumber }))),
      caseSizeOf,
    );
    for (const batch of known) {
      for (const tag of batch.tags) {
        const kind = kinds.get(tag.tagNumber) ?? 'unchanged';
        emit(location, plans.get(batch.batchNumber)!, tag.tagNumber, quantityOf(random, kind, tag.quantity, caseSizeOf(batch)), random, kind === 'on-hold');
      }
    }

    for (const batch of random.sample(known, Math.max(1, Math.round(known.length * 0.03)))) {
      emit(location, plans.get(batch.batchNumber)!, newTag(template, locationIndex), wholeCases(random, caseSizeOf(batch)), random);
    }

    for (let count = catalogue.length > 0 ? Math.max(2, Math.round(known.length * 0.04)) : 0; count > 0; count -= 1) {
      const product = random.pick(catalogue);
      const plan = newBatch(random, product, labProfileOf(random));
      for (let tags = random.int(1, 3); tags > 0; tags -= 1) emit(location, plan, newTag(template, locationIndex), wholeCases(random, product.caseSizes[0]!), random);
    }

    for (let count = 0; count < 2; count += 1) {
      const [form, category] = random.pick(UNKNOWN_FORMS);
      const name = `${random.pick(UNKNOWN_ADJECTIVES)} ${random.pick(UNKNOWN_NOUNS)} ${form}`;
      const plan: BatchPlan = {
        batchNumber: newBatchNumber(),
        itemName: knownNames.has(name.toLowerCase()) ? `${name} - Unlisted` : name,
        category,
        lab: labPlan(random, category, 'passed'),
      };
      emit(location, plan, newTag(template, locationIndex), random.int(5, 60), random);
    }
  }

  /** New batches of known products, all valid; made after every location's own packages so they shift nothing. */
  function addExtras(location: Location, locationIndex: number) {
    const random = createRandom(seedOf(world.marketCode, seed, location.s2sLocationId, 'extra'));
    const template = templateAt(location.s2sLocationId);
    for (let remaining = catalogue.length > 0 ? extraPerLocation : 0; remaining > 0; ) {
      const product = random.pick(catalogue);
      const plan = newBatch(random, product, 'passed');
      for (let tags = Math.min(remaining, random.int(1, 4)); tags > 0; tags -= 1, remaining -= 1) {
        emit(location, plan, newTag(template, locationIndex), wholeCases(random, product.caseSizes[0]!), random);
      }
    }
  }

  /**
   * A new batch whose quantity is no whole number of cases of any of its product's sizes. It takes the first
   * number of the location's own series that we do not hold, and the rest from a stream of that number: a commit
   * of other batches leaves it as it was, and once it is stocked the next number brings another. Its quantity is
   * a prime past whole cases of its product's first size, so that only a case of one unit or of the whole
   * quantity fits it. Its product is the first, in the stream's order, of those whose first size is above one,
   * that has an empty slot for such a size or has one already: the size that fixes the batch never moves it.
   */
  function addOddCaseBatch(location: Location, locationIndex: number) {
    const candidates = catalogue.filter((product) => product.caseSizes[0]! > 1);
    if (candidates.length === 0) return;
    const numberOf = (serial: number) => `${world.marketCode}-C${String(locationIndex + 1).padStart(3, '0')}${String(serial).padStart(3, '0')}`;
    let serial = 1;
    while (usedBatchNumbers.has(numberOf(serial))) serial += 1;
    const batchNumber = numberOf(serial);
    usedBatchNumbers.add(batchNumber);
    const random = createRandom(seedOf(world.marketCode, seed, location.s2sLocationId, 'odd-case', serial));
    const cases = random.int(1, 40);
    const quantityOf = (product: Product) => {
      let quantity = cases * product.caseSizes[0]! + 1;
      while (!isPrime(quantity)) quantity += 1;
      return quantity;
    };
    const fixable = (product: Product) => product.caseSizes.length < CASE_SIZE_SLOTS.length || product.caseSizes.includes(1) || product.caseSizes.includes(quantityOf(product));
    const shuffled = random.sample(candidates, candidates.length);
    const product = shuffled.find(fixable) ?? shuffled[0]!;
    const plan: BatchPlan = { batchNumber, itemName: random.pick(product.s2sNames), category: product.category, lab: labPlan(random, product.category, 'passed') };
    let tagSerialOfBatch = ODD_CASE_TAG_SERIAL + locationIndex * 1_000 + serial;
    emit(location, plan, freeTag(templateAt(location.s2sLocationId), locationIndex, () => tagSerialOfBatch++), quantityOf(product), random);
  }

  world.locations.forEach(simulateLocation);
  world.locations.forEach(addExtras);
  world.locations.forEach(addOddCaseBatch);

  const locations: S2SLocation[] = world.locations.map((location) => ({ id: location.s2sLocationId, name: location.name }));
  return {
    locations,
    packagesOf: (locationId) => packages.get(locationId) ?? [],
    labResultsOf: (packageId) => labResults.get(packageId) ?? [],
  };
}
