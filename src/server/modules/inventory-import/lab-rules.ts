// The lab state of a batch from its packages' testing states and lab results: the Lab Data Warnings
// reason (006 failed before 005 missing, one row per batch) and the lab values the batch is stocked with.
import type { S2SLabResult, S2SPackage } from '../../connectors/types';
import type { LabStatus } from '../../../shared/enums';

const FAILED_STATES = new Set(['TestFailed', 'RetestFailed']);
/** States under which a package may be sold on its results; every other state means no usable test yet. */
const PASSING_STATES = new Set(['TestPassed', 'RetestPassed', 'Remediated', 'NotRequired']);
const TOP_TERPENES = 3;

export type LabValues = {
  labStatus: LabStatus;
  thcValue: number | null;
  thcUom: string | null;
  cbdValue: number | null;
  cbdUom: string | null;
  totalCannabinoids: number | null;
  terpenes: { terpeneName: string; percentage: number }[];
};

export type BatchLab = { reasonCode: '005' | '006' | null; values: LabValues };

/** Milliseconds of an ISO time, or null when absent or unreadable (an unreadable date proves nothing). */
function timeOf(value: string | null): number | null {
  if (value === null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** Newest first by test time (untimed results last), then by result id so that equal times still order. */
function byNewest(a: S2SLabResult, b: S2SLabResult): number {
  const timeA = timeOf(a.testedAt) ?? -Infinity;
  const timeB = timeOf(b.testedAt) ?? -Infinity;
  if (timeA !== timeB) return timeB - timeA;
  if (a.resultId === b.resultId) return 0;
  return a.resultId < b.resultId ? 1 : -1;
}

function expiredBefore(value: string | null, now: Date): boolean {
  const time = timeOf(value);
  return time !== null && time < now.getTime();
}

function packageStatus(pkg: S2SPackage, results: S2SLabResult[], now: Date): LabStatus {
  if ((pkg.labTestingState !== null && FAILED_STATES.has(pkg.labTestingState)) || results.some((result) => !result.passed)) return 'failed';
  const newest = results[0];
  if (!newest || pkg.labTestingState === null || !PASSING_STATES.has(pkg.labTestingState)) return 'missing';
  if (expiredBefore(pkg.labExpiresAt, now) || expiredBefore(newest.expiresAt, now)) return 'missing';
  return 'passed';
}

function roundTo2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

function topTerpenes(terpenes: S2SLabResult['terpenes']): LabValues['terpenes'] {
  return terpenes
    .filter((terpene) => Number.isFinite(terpene.percentage))
    .sort((a, b) => b.percentage - a.percentage || (a.terpeneName < b.terpeneName ? -1 : a.terpeneName > b.terpeneName ? 1 : 0))
    .slice(0, TOP_TERPENES)
    .map((terpene) => ({ terpeneName: terpene.terpeneName, percentage: roundTo2(terpene.percentage) }));
}

/**
 * A batch is failed when any of its packages failed, missing when any lacks a current passing test,
 * passed otherwise. Its values come from the newest result of all its packages.
 */
export function batchLab(packages: S2SPackage[], labResults: Map<string, S2SLabResult[]>, now: Date): BatchLab {
  const statuses = new Set<LabStatus>();
  const all: S2SLabResult[] = [];
  for (const pkg of packages) {
    const results = [...(labResults.get(pkg.packageId) ?? [])].sort(byNewest);
    statuses.add(packageStatus(pkg, results, now));
    all.push(...results);
  }
  const labStatus: LabStatus = statuses.has('failed') ? 'failed' : statuses.has('missing') || packages.length === 0 ? 'missing' : 'passed';
  const newest = all.sort(byNewest)[0];
  return {
    reasonCode: labStatus === 'failed' ? '006' : labStatus === 'missing' ? '005' : null,
    values: {
      labStatus,
      thcValue: newest?.thc?.value ?? null,
      thcUom: newest?.thc?.unit ?? null,
      cbdValue: newest?.cbd?.value ?? null,
      cbdUom: newest?.cbd?.unit ?? null,
      totalCannabinoids: newest?.totalCannabinoids?.value ?? null,
      terpenes: newest ? topTerpenes(newest.terpenes) : [],
    },
  };
}
