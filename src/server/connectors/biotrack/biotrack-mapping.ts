// BioTrack records in our words; the field choices are documented at the top of biotrack-payloads.ts.
import type { S2SLabResult, S2SLocation, S2SPackage, S2SPotency } from '../types';
import { INVENTORY_TYPES, POTENCY_TEST_TYPE, QA_RESULT, TERPENE_TEST_TYPE, type InventoryRecord, type QaSampleRecord, type RoomRecord } from './biotrack-payloads';

const isoFromUnixSeconds = (seconds: number) => new Date(seconds * 1000).toISOString();

export function toLocation(room: RoomRecord): S2SLocation {
  return { id: room.roomid, name: room.name };
}

function labStatus(result: number): S2SLabResult['status'] {
  if (result === QA_RESULT.passed) return 'passed';
  if (result === QA_RESULT.failed || result === QA_RESULT.rejected) return 'failed';
  return 'missing';
}

function labTestingState(sample: QaSampleRecord | undefined): string {
  if (!sample) return 'NotSubmitted';
  const status = labStatus(sample.result);
  return status === 'passed' ? 'TestPassed' : status === 'failed' ? 'TestFailed' : 'TestingInProgress';
}

/** The latest sample of each inventory id: the one BioTrack recorded last. */
export function latestSamples(samples: QaSampleRecord[]): Map<string, QaSampleRecord> {
  const latest = new Map<string, QaSampleRecord>();
  for (const sample of samples) {
    const known = latest.get(sample.inventoryid);
    if (!known || sample.transactionid > known.transactionid) latest.set(sample.inventoryid, sample);
  }
  return latest;
}

export function toPackage(record: InventoryRecord, room: RoomRecord, latestSample: QaSampleRecord | undefined): S2SPackage {
  return {
    packageId: record.id,
    tag: record.id,
    batchNumber: record.inventoryparentid || record.id,
    itemName: record.productname || record.strain || '',
    category: INVENTORY_TYPES[record.inventorytype] ?? (record.inventorytype.trim() || null),
    quantity: record.remaining_quantity,
    unitOfMeasure: record.uom ?? null,
    locationId: room.roomid,
    locationName: room.name,
    packagedDate: record.packaged_date ?? null,
    expirationDate: record.expiration_date ?? null,
    labTestingState: labTestingState(latestSample),
    labExpiresAt: latestSample?.expiration_date ?? null,
    onHold: room.quarantine,
    lastModified: isoFromUnixSeconds(record.sessiontime),
  };
}

function percentage(value: unknown): S2SPotency | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? { value: number, unit: 'Percentage' } : null;
}

function terpenesOf(entry: Record<string, unknown> | undefined): S2SLabResult['terpenes'] {
  if (!entry) return [];
  return Object.entries(entry).flatMap(([name, value]) => {
    if (name === 'type') return [];
    const potency = percentage(value);
    return potency ? [{ terpeneName: name, percentage: potency.value }] : [];
  });
}

export function toLabResult(sample: QaSampleRecord): S2SLabResult {
  const potency = sample.test?.find((entry) => entry.type === POTENCY_TEST_TYPE);
  const terpenes = sample.test?.find((entry) => entry.type === TERPENE_TEST_TYPE);
  return {
    packageId: sample.inventoryid,
    resultId: sample.transactionid_original,
    passed: sample.result === QA_RESULT.passed,
    status: labStatus(sample.result),
    testedAt: isoFromUnixSeconds(sample.sessiontime),
    expiresAt: sample.expiration_date ?? null,
    thc: percentage(potency?.THC),
    cbd: percentage(potency?.CBD),
    totalCannabinoids: percentage(potency?.Total),
    terpenes: terpenesOf(terpenes),
  };
}
