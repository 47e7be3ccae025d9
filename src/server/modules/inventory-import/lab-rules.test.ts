import { describe, expect, it } from 'vitest';
import type { S2SLabResult, S2SPackage } from '../../connectors/types';
import { batchLab } from './lab-rules';

const NOW = new Date('2026-11-24T15:00:00Z');

function pkg(packageId: string, overrides: Partial<S2SPackage> = {}): S2SPackage {
  return {
    packageId,
    tag: `1A4060300004E01000${packageId.padStart(6, '0')}`,
    batchNumber: 'GV-BD-2611-01',
    itemName: 'GREENVAULT - BLUE DREAM - 3.5G',
    category: 'Flower',
    quantity: 24,
    unitOfMeasure: 'Each',
    locationId: 'LIC-MN-0001',
    locationName: 'GreenVault Minneapolis',
    packagedDate: '2026-10-01',
    expirationDate: '2027-10-01',
    labTestingState: 'TestPassed',
    labExpiresAt: null,
    onHold: false,
    lastModified: '2026-11-24T09:00:00Z',
    ...overrides,
  };
}

function result(packageId: string, resultId: string, overrides: Partial<S2SLabResult> = {}): S2SLabResult {
  return {
    packageId,
    resultId,
    passed: true,
    status: 'passed',
    testedAt: '2026-10-05T10:00:00Z',
    expiresAt: '2027-10-05T10:00:00Z',
    thc: { value: 22.4, unit: 'Percentage' },
    cbd: { value: 0.08, unit: 'Percentage' },
    totalCannabinoids: { value: 25.1, unit: 'Percentage' },
    terpenes: [
      { terpeneName: 'Myrcene', percentage: 0.824 },
      { terpeneName: 'Limonene', percentage: 0.455 },
    ],
    ...overrides,
  };
}

const resultsOf = (...results: S2SLabResult[]) => {
  const byPackage = new Map<string, S2SLabResult[]>();
  for (const r of results) byPackage.set(r.packageId, [...(byPackage.get(r.packageId) ?? []), r]);
  return byPackage;
};

describe('the lab state of a batch', () => {
  it.each([
    ['TestPassed with a passing result', 'TestPassed', [result('1', 'R1')], null, 'passed'],
    ['RetestPassed with a passing result', 'RetestPassed', [result('1', 'R1')], null, 'passed'],
    ['Remediated with a passing result', 'Remediated', [result('1', 'R1')], null, 'passed'],
    ['NotRequired with a passing result', 'NotRequired', [result('1', 'R1')], null, 'passed'],
    ['TestFailed', 'TestFailed', [result('1', 'R1')], '006', 'failed'],
    ['RetestFailed, even with no result', 'RetestFailed', [], '006', 'failed'],
    ['TestPassed but a result that did not pass', 'TestPassed', [result('1', 'R1'), result('1', 'R0', { passed: false, status: 'failed', testedAt: '2026-09-01T10:00:00Z' })], '006', 'failed'],
    ['TestPassed with no result', 'TestPassed', [], '005', 'missing'],
    ['NotSubmitted', 'NotSubmitted', [], '005', 'missing'],
    ['TestingInProgress with a passing result', 'TestingInProgress', [result('1', 'R1')], '005', 'missing'],
    ['SubmittedForTesting', 'SubmittedForTesting', [result('1', 'R1')], '005', 'missing'],
    ['no state at all', null, [result('1', 'R1')], '005', 'missing'],
    ['its newest result expired before now', 'TestPassed', [result('1', 'R1', { expiresAt: '2026-11-24T14:59:59Z' })], '005', 'missing'],
    [
      'an older result expired but the newest current',
      'TestPassed',
      [result('1', 'R2', { testedAt: '2026-11-01T10:00:00Z' }), result('1', 'R1', { testedAt: '2025-11-01T10:00:00Z', expiresAt: '2026-11-01T10:00:00Z' })],
      null,
      'passed',
    ],
  ] as const)('%s gives %s', (_case, state, results, reasonCode, labStatus) => {
    const lab = batchLab([pkg('1', { labTestingState: state })], resultsOf(...results), NOW);
    expect({ reasonCode: lab.reasonCode, labStatus: lab.values.labStatus }).toEqual({ reasonCode, labStatus });
  });

  it("counts the package's own lab expiry: expired before now is missing, later is fine", () => {
    const results = resultsOf(result('1', 'R1'));
    expect(batchLab([pkg('1', { labExpiresAt: '2026-11-23T00:00:00Z' })], results, NOW).reasonCode).toBe('005');
    expect(batchLab([pkg('1', { labExpiresAt: '2026-11-25T00:00:00Z' })], results, NOW).reasonCode).toBeNull();
  });

  it('is failed when any package failed, before missing, and missing when any package lacks a test', () => {
    const packages = [pkg('1'), pkg('2', { labTestingState: 'NotSubmitted' }), pkg('3', { labTestingState: 'TestFailed' })];
    const results = resultsOf(result('1', 'R1'), result('3', 'R3'));
    expect(batchLab(packages, results, NOW).reasonCode).toBe('006');
    expect(batchLab(packages.slice(0, 2), results, NOW).reasonCode).toBe('005');
    expect(batchLab(packages.slice(0, 1), results, NOW).reasonCode).toBeNull();
  });

  it("takes its values from the newest result of all its packages, with the unit as the lab gave it", () => {
    const results = resultsOf(
      result('1', 'R1', { testedAt: '2026-10-05T10:00:00Z' }),
      result('2', 'R2', {
        testedAt: '2026-11-02T10:00:00Z',
        thc: { value: 180.5, unit: 'WeightRatio' },
        cbd: { value: 2.1, unit: 'WeightRatio' },
        totalCannabinoids: { value: 201.3, unit: 'WeightRatio' },
        terpenes: [{ terpeneName: 'Caryophyllene', percentage: 0.61 }],
      }),
      result('2', 'R0', { testedAt: null, thc: { value: 1, unit: 'Percentage' } }),
    );
    expect(batchLab([pkg('1'), pkg('2')], results, NOW).values).toEqual({
      labStatus: 'passed',
      thcValue: 180.5,
      thcUom: 'WeightRatio',
      cbdValue: 2.1,
      cbdUom: 'WeightRatio',
      totalCannabinoids: 201.3,
      terpenes: [{ terpeneName: 'Caryophyllene', percentage: 0.61 }],
    });
  });

  it('shows the top 3 terpenes by percentage, rounded to 2 decimals', () => {
    const terpenes = [
      { terpeneName: 'Pinene', percentage: 0.1249 },
      { terpeneName: 'Myrcene', percentage: 1.005 },
      { terpeneName: 'Linalool', percentage: Number.NaN },
      { terpeneName: 'Limonene', percentage: 0.4567 },
      { terpeneName: 'Humulene', percentage: 0.0912 },
      { terpeneName: 'Caryophyllene', percentage: 0.4567 },
    ];
    expect(batchLab([pkg('1')], resultsOf(result('1', 'R1', { terpenes })), NOW).values.terpenes).toEqual([
      { terpeneName: 'Myrcene', percentage: 1.01 },
      { terpeneName: 'Caryophyllene', percentage: 0.46 },
      { terpeneName: 'Limonene', percentage: 0.46 },
    ]);
  });

  it('has no values when the lab reported nothing, which the screens show as Missing', () => {
    expect(batchLab([pkg('1', { labTestingState: 'NotSubmitted' })], new Map(), NOW).values).toEqual({
      labStatus: 'missing',
      thcValue: null,
      thcUom: null,
      cbdValue: null,
      cbdUom: null,
      totalCannabinoids: null,
      terpenes: [],
    });
  });

  it('treats an unreadable expiry as no expiry rather than inventing one', () => {
    expect(batchLab([pkg('1', { labExpiresAt: 'soon' })], resultsOf(result('1', 'R1', { expiresAt: 'n/a' })), NOW).reasonCode).toBeNull();
  });
});
