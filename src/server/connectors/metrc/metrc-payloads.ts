// Metrc v2's answers and their mapping to our connector shapes. Metrc's documentation spells properties in
// PascalCase (Data, TotalPages, Label) and the community OpenAPI description in camelCase, so every property
// is read case-insensitively. A payload that lacks what the documented shape guarantees is a
// ConnectorError 'malformed' naming the call; odd values inside a valid shape (a negative quantity) pass
// through for the import rules to report.
import type { S2SLabResult, S2SLocation, S2SPackage, S2SPotency } from '../types';
import { ConnectorError } from '../connector-error';

type Fields = Map<string, unknown>;

function fieldsOf(value: unknown): Fields | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return new Map(Object.entries(value).map(([key, entry]) => [key.toLowerCase(), entry]));
}

const text = (fields: Fields, name: string): string | null => {
  const value = fields.get(name);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};
const numeric = (fields: Fields, name: string): number | null => {
  const value = fields.get(name);
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};
/** Ids are int64 in the description; some gateways send them as strings. */
const identifier = (fields: Fields, name: string): string | null => {
  const value = fields.get(name);
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return typeof value === 'string' && /^\d+$/.test(value) ? value : null;
};

const malformed = (label: string, what: string) => new ConnectorError('malformed', `${label} answered ${what}.`);

/** One page of a list answer (`{ Data, Total, TotalPages, PageNumber, PageSize }`). */
type MetrcPage = { rows: unknown[]; totalPages: number };

export function readPage(body: unknown, label: string, pageSize: number): MetrcPage {
  const fields = fieldsOf(body);
  const rows = fields?.get('data');
  if (!fields || !Array.isArray(rows)) throw malformed(label, 'without a data list');
  const totalPages = numeric(fields, 'totalpages');
  if (totalPages !== null) return { rows, totalPages: Math.max(1, Math.ceil(totalPages)) };
  // The description marks totalPages nullable; the record count gives the same figure.
  const total = numeric(fields, 'total') ?? numeric(fields, 'totalrecords');
  if (total === null) throw malformed(label, 'a page without a page or record count');
  return { rows, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}

export function toLocation(value: unknown, label: string): S2SLocation {
  const fields = fieldsOf(value);
  const license = fieldsOf(fields?.get('license'));
  const number = license && text(license, 'number');
  if (!fields || !number) throw malformed(label, 'a facility without a licence number');
  return { id: number, name: text(fields, 'displayname') ?? text(fields, 'name') ?? number };
}

/**
 * `licenseNumber` is the location we asked for: Metrc's LocationId and LocationName name a room inside the
 * licensed facility, while our inventory locations are the licences. `fallbackModified` is the end of the
 * window Metrc filtered the package into, used only when a package omits LastModified.
 */
export function toPackage(value: unknown, label: string, licenseNumber: string, fallbackModified: string): S2SPackage {
  const fields = fieldsOf(value);
  const id = fields && identifier(fields, 'id');
  const tag = fields && text(fields, 'label');
  if (!fields || !id || !tag) throw malformed(label, 'a package without an Id or a Label');
  const quantity = numeric(fields, 'quantity');
  if (quantity === null) throw malformed(label, `package ${tag} without a numeric Quantity`);
  const item = fieldsOf(fields.get('item'));
  return {
    packageId: id,
    tag,
    batchNumber: text(fields, 'productionbatchnumber') ?? tag,
    itemName: (item && text(item, 'name')) ?? '',
    category: (item && text(item, 'productcategoryname')) ?? null,
    quantity,
    unitOfMeasure: text(fields, 'unitofmeasurename') ?? (item && text(item, 'unitofmeasurename')) ?? null,
    locationId: licenseNumber,
    locationName: text(fields, 'locationname') ?? licenseNumber,
    packagedDate: text(fields, 'packageddate'),
    expirationDate: text(fields, 'expirationdate'),
    labTestingState: text(fields, 'labtestingstate'),
    labExpiresAt: text(fields, 'labtestresultexpirationdatetime'),
    onHold: fields.get('isonhold') === true,
    lastModified: text(fields, 'lastmodified') ?? fallbackModified,
  };
}

/**
 * Whether a package Metrc answered by label is active: neither finished nor archived, the packages that
 * Metrc's active listing leaves out.
 */
export function isActivePackage(value: unknown): boolean {
  const fields = fieldsOf(value);
  return fields !== null && fields.get('isfinished') !== true && !text(fields, 'finisheddate') && !text(fields, 'archiveddate');
}

/**
 * What a TestTypeName measures. Metrc names each test by what it measures, its unit and often the matrix:
 * 'Total THC (%) Raw Plant Material', 'THC (mg/g)', 'Total CBD (%)', 'beta-Myrcene (%)', 'Pesticides'.
 * - unit: '%' or 'percent' is Percentage, 'mg/g' is WeightRatio; a potency in any other unit (mg per serving)
 *   cannot be shown in our units and is left out.
 * - thc: 'Total THC' first, else a test named THC as a whole word (Delta-9 THC, THC); THCa and THCV are other
 *   compounds and are not THC.
 * - cbd: likewise 'Total CBD' first, else CBD as a whole word (not CBDa, CBDV, CBG, CBN).
 * - totalCannabinoids: 'Total Cannabinoids'.
 * - terpenes: a test naming a known terpene, in %, named as the lab wrote it before the unit; 'Total
 *   Terpenes' is a sum, not a terpene.
 * Anything else (pesticides, microbials, moisture, heavy metals) counts only through OverallPassed.
 */
type Measure = { kind: 'thc' | 'cbd' | 'totalCannabinoids'; preferred: boolean } | { kind: 'terpene'; name: string } | null;

const TERPENE_WORDS =
  /\b(myrcene|limonene|caryophyllene|linalool|pinene|humulene|terpinolene|ocimene|bisabolol|nerolidol|geraniol|eucalyptol|camphene|terpineol|valencene|guaiol|phellandrene|carene|fenchol|borneol|sabinene|isopulegol|cymene|cedrol|phytol|pulegone|nerol)\b/;

function unitOf(testTypeName: string): S2SPotency['unit'] | null {
  const name = testTypeName.toLowerCase();
  if (name.includes('mg/g')) return 'WeightRatio';
  if (name.includes('%') || name.includes('percent')) return 'Percentage';
  return null;
}

function measureOf(testTypeName: string): Measure {
  const name = testTypeName.toLowerCase();
  if (name.includes('total terpenes')) return null;
  if (name.includes('total cannabinoids')) return { kind: 'totalCannabinoids', preferred: true };
  if (/\bthc\b/.test(name)) return { kind: 'thc', preferred: name.includes('total thc') };
  if (/\bcbd\b/.test(name)) return { kind: 'cbd', preferred: name.includes('total cbd') };
  if (TERPENE_WORDS.test(name)) return { kind: 'terpene', name: testTypeName.split('(')[0]!.trim() };
  return null;
}

type Potencies = { thc: S2SPotency | null; cbd: S2SPotency | null; totalCannabinoids: S2SPotency | null };

/**
 * Metrc answers one row per test of a result; rows sharing a LabTestResultId are one result, passed when
 * OverallPassed says so. Revoked rows no longer stand and are left out.
 */
export function toLabResults(values: unknown[], label: string, packageId: string): S2SLabResult[] {
  const results = new Map<string, S2SLabResult>();
  // Which figures of a result came from a 'Total ...' test, so that a plain THC row never replaces them.
  const preferred = new Map<string, Set<keyof Potencies>>();
  for (const value of values) {
    const fields = fieldsOf(value);
    const resultId = fields && identifier(fields, 'labtestresultid');
    if (!fields || !resultId) throw malformed(label, 'a lab result without a LabTestResultId');
    if (text(fields, 'revokeddate') || text(fields, 'labtestdetailrevokeddate')) continue;
    let result = results.get(resultId);
    if (!result) {
      const passed = fields.get('overallpassed') === true;
      result = {
        packageId: identifier(fields, 'packageid') ?? packageId,
        resultId,
        passed,
        status: passed ? 'passed' : 'failed',
        testedAt: text(fields, 'testperformeddate') ?? text(fields, 'resultreleasedatetime') ?? text(fields, 'resultreleasedate'),
        expiresAt: text(fields, 'expirationdatetime'),
        thc: null,
        cbd: null,
        totalCannabinoids: null,
        terpenes: [],
      };
      results.set(resultId, result);
      preferred.set(resultId, new Set());
    }
    const testTypeName = text(fields, 'testtypename');
    const level = numeric(fields, 'testresultlevel');
    const measure = testTypeName ? measureOf(testTypeName) : null;
    const unit = testTypeName ? unitOf(testTypeName) : null;
    if (!measure || level === null || !unit) continue;
    if (measure.kind === 'terpene') {
      if (unit === 'Percentage') result.terpenes.push({ terpeneName: measure.name, percentage: level });
    } else {
      const totals = preferred.get(resultId)!;
      if (totals.has(measure.kind) || (!measure.preferred && result[measure.kind] !== null)) continue;
      result[measure.kind] = { value: level, unit };
      if (measure.preferred) totals.add(measure.kind);
    }
  }
  for (const result of results.values()) result.terpenes.sort((a, b) => b.percentage - a.percentage);
  return [...results.values()];
}
