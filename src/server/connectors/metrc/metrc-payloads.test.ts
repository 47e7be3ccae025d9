import { describe, expect, it } from 'vitest';
import { ConnectorError } from '../connector-error';
import { isActivePackage, readPage, toLabResults, toLocation, toPackage } from './metrc-payloads';

const LABEL = 'Metrc GET /packages/v2/active page 1';

function failureOf(run: () => unknown): ConnectorError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConnectorError) return error;
    throw error;
  }
  return expect.unreachable('no ConnectorError thrown');
}

describe('Metrc payloads', () => {
  it('reads the OpenAPI description camelCase as well as the PascalCase of Metrc docs', () => {
    const camel = readPage({ data: [{ id: 7, label: 'TAG-7', quantity: 3, item: { name: 'Kush 3.5g', productCategoryName: 'Flower' }, lastModified: '2026-11-20T10:00:00Z', isOnHold: true }], totalPages: 2 }, LABEL, 20);

    expect(camel.totalPages).toBe(2);
    expect(toPackage(camel.rows[0], LABEL, 'LIC-1', '2026-11-20T12:00:00Z')).toMatchObject({
      packageId: '7',
      tag: 'TAG-7',
      batchNumber: 'TAG-7',
      itemName: 'Kush 3.5g',
      category: 'Flower',
      quantity: 3,
      locationId: 'LIC-1',
      onHold: true,
      lastModified: '2026-11-20T10:00:00Z',
    });
  });

  it('counts pages from the record count when TotalPages is absent', () => {
    expect(readPage({ Data: [], TotalRecords: 41 }, LABEL, 20).totalPages).toBe(3);
  });

  it("names the call in a 'malformed' failure for an answer without a data list, a page count, an Id or a Label", () => {
    for (const run of [
      () => readPage([], LABEL, 20),
      () => readPage({ Data: 'none', TotalPages: 1 }, LABEL, 20),
      () => readPage({ Data: [] }, LABEL, 20),
      () => toPackage({ Label: 'TAG', Quantity: 1 }, LABEL, 'LIC-1', ''),
      () => toPackage({ Id: 1, Quantity: 1 }, LABEL, 'LIC-1', ''),
      () => toPackage({ Id: 1, Label: 'TAG', Quantity: '1' }, LABEL, 'LIC-1', ''),
      () => toLocation({ Name: 'No licence' }, 'Metrc GET /facilities/v2'),
      () => toLabResults([{ PackageId: 1, OverallPassed: true }], 'Metrc GET /labtests/v2/results', '1'),
    ]) {
      const error = failureOf(run);
      expect(error.failure).toBe('malformed');
      expect(error.message).toMatch(/^Metrc GET \//);
    }
  });

  it('tells a package answered by label active unless it is finished or archived, in either spelling', () => {
    expect(isActivePackage({ Id: 1, Label: 'T', IsFinished: false, FinishedDate: null, ArchivedDate: null })).toBe(true);
    expect(isActivePackage({ id: 1, label: 'T' })).toBe(true);
    expect(isActivePackage({ Id: 1, Label: 'T', IsFinished: true })).toBe(false);
    expect(isActivePackage({ id: 1, label: 'T', finishedDate: '2025-03-01' })).toBe(false);
    expect(isActivePackage({ Id: 1, Label: 'T', ArchivedDate: '2025-03-01T00:00:00Z' })).toBe(false);
    expect(isActivePackage(null)).toBe(false);
  });

  it('passes odd quantities through for the import rules to report', () => {
    for (const quantity of [-4, 2.75, 1e9]) {
      expect(toPackage({ Id: 1, Label: 'TAG', Quantity: quantity }, LABEL, 'LIC-1', '').quantity).toBe(quantity);
    }
  });

  it('groups test rows by result and decides THC, CBD, total cannabinoids and terpenes from the test names', () => {
    const row = (testTypeName: string, level: number, extra: Record<string, unknown> = {}) => ({
      PackageId: 42,
      LabTestResultId: 100,
      OverallPassed: true,
      TestPerformedDate: '2026-10-01T00:00:00Z',
      ExpirationDateTime: '2027-10-01T00:00:00Z',
      TestTypeName: testTypeName,
      TestResultLevel: level,
      ...extra,
    });
    const results = toLabResults(
      [
        row('THCa (%) Raw Plant Material', 25),
        row('THC (%) Raw Plant Material', 0.9),
        row('Total THC (%) Raw Plant Material', 22.8),
        row('Delta-9 THC (%)', 0.7),
        row('CBDa (%)', 0.3),
        row('CBD (mg/g)', 1.5),
        row('Total Cannabinoids (%)', 27.4),
        row('Total Terpenes (%)', 2.9),
        row('beta-Myrcene (%) Raw Plant Material', 1.1),
        row('Limonene (%)', 1.4),
        row('Linalool (mg/g)', 3),
        row('THC (mg/serving)', 10),
        row('Pesticides', 0),
        row('Moisture', 11),
        { ...row('Caryophyllene (%)', 0.5), LabTestResultId: 101, OverallPassed: false },
        { ...row('Total THC (%)', 30), LabTestResultId: 102, RevokedDate: '2026-10-10' },
      ],
      'Metrc GET /labtests/v2/results',
      '42',
    );

    expect(results).toEqual([
      {
        packageId: '42',
        resultId: '100',
        passed: true,
        status: 'passed',
        testedAt: '2026-10-01T00:00:00Z',
        expiresAt: '2027-10-01T00:00:00Z',
        thc: { value: 22.8, unit: 'Percentage' },
        cbd: { value: 1.5, unit: 'WeightRatio' },
        totalCannabinoids: { value: 27.4, unit: 'Percentage' },
        terpenes: [
          { terpeneName: 'Limonene', percentage: 1.4 },
          { terpeneName: 'beta-Myrcene', percentage: 1.1 },
        ],
      },
      {
        packageId: '42',
        resultId: '101',
        passed: false,
        status: 'failed',
        testedAt: '2026-10-01T00:00:00Z',
        expiresAt: '2027-10-01T00:00:00Z',
        thc: null,
        cbd: null,
        totalCannabinoids: null,
        terpenes: [{ terpeneName: 'Caryophyllene', percentage: 0.5 }],
      },
    ]);
  });

  it('takes a facility licence number and display name as our location', () => {
    expect(toLocation({ Name: 'GreenVault LLC', DisplayName: 'GreenVault Minneapolis', License: { Number: 'MN-LIC-1', LicenseType: 'Wholesale' } }, 'x')).toEqual({
      id: 'MN-LIC-1',
      name: 'GreenVault Minneapolis',
    });
  });
});
