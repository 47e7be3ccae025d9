import { describe, expect, it } from 'vitest';
import type { S2SLabResult, S2SPackage } from '../../connectors/types';
import { buildImportRows, type DraftRow, type ImportLocation, type KnownBatch } from './import-rules';
import type { CatalogueProduct } from './product-matching';

const NOW = new Date('2026-11-24T15:00:00Z');
const BATCH = 'GV-BD-2611-01';

/** A Metrc package label: 24 characters, '1A4' and the facility prefix, then a serial. */
const tag = (serial: number) => `1A4060300004E01000${String(serial).padStart(6, '0')}`;

function product(productId: number, name: string, s2sName: string, overrides: Partial<CatalogueProduct> = {}): CatalogueProduct {
  return { productId, name, categoryName: 'Flower', isActive: true, itemSize: 3.5, caseSizes: [6, 12, 24], names: [s2sName], ...overrides };
}

const PRODUCTS = [
  product(11, 'Blue Dream 3.5g', 'GREENVAULT - BLUE DREAM - 3.5G', { names: ['GREENVAULT - BLUE DREAM - 3.5G', 'GV BLUE DREAM 3.5G'] }),
  product(12, 'Sour Diesel Cart 1g', 'GREENVAULT - SOUR DIESEL - 1G CART', { categoryName: 'Vape', itemSize: 1, caseSizes: [10, 20] }),
  product(13, 'OG Kush 3.5g', 'GREENVAULT - OG KUSH - 3.5G', { isActive: false }),
  product(14, 'Gelato Gummies 10pk', 'GREENVAULT - GELATO GUMMIES - 10PK', { categoryName: null, itemSize: 100, caseSizes: [12] }),
  product(15, 'Runtz Pre-Roll 1g', 'GREENVAULT - RUNTZ - 1G PR', { categoryName: 'Pre-Roll', itemSize: null, caseSizes: [12] }),
  product(16, 'House Blend Indica 3.5g', 'GV HOUSE BLEND'),
  product(17, 'House Blend Sativa 3.5g', 'GV House Blend'),
  product(18, 'Wedding Cake Tincture 30ml', 'GREENVAULT - WEDDING CAKE - 30ML TINCTURE', { categoryName: 'Tincture', itemSize: 30, caseSizes: [] }),
];

const LOCATIONS: ImportLocation[] = [
  { locationId: 1, s2sLocationId: 'LIC-MN-0001', displayName: 'Minneapolis Vault' },
  { locationId: 2, s2sLocationId: 'LIC-MN-0002', displayName: 'Duluth Warehouse' },
];

function pkg(serial: number, overrides: Partial<S2SPackage> = {}): S2SPackage {
  return {
    packageId: `P${serial}`,
    tag: tag(serial),
    batchNumber: BATCH,
    itemName: 'GREENVAULT - BLUE DREAM - 3.5G',
    category: 'Buds',
    quantity: 24,
    unitOfMeasure: 'Each',
    locationId: 'LIC-MN-0001',
    locationName: 'GreenVault Minneapolis (Metrc)',
    packagedDate: '2026-10-01',
    expirationDate: '2027-10-01',
    labTestingState: 'TestPassed',
    labExpiresAt: null,
    onHold: false,
    lastModified: '2026-11-24T09:00:00Z',
    ...overrides,
  };
}

function passingResult(packageId: string): S2SLabResult {
  return {
    packageId,
    resultId: `R-${packageId}`,
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
  };
}

function known(overrides: Partial<KnownBatch> = {}): KnownBatch {
  return {
    batchId: 501,
    batchNumber: BATCH,
    productId: 11,
    locationId: 1,
    activeUnits: 48,
    reservedUnits: 12,
    tags: [
      { tagNumber: tag(1), quantity: 24 },
      { tagNumber: tag(2), quantity: 24 },
    ],
    ...overrides,
  };
}

/** Every package passes its lab test unless a test says otherwise, so that only the rule under test speaks. */
function build(packages: S2SPackage[], options: { knownBatches?: KnownBatch[]; labResults?: Map<string, S2SLabResult[]> } = {}): DraftRow[] {
  return buildImportRows({
    packages,
    labResults: options.labResults ?? new Map(packages.map((p) => [p.packageId, [passingResult(p.packageId)]])),
    products: PRODUCTS,
    knownBatches: options.knownBatches ?? [],
    locations: LOCATIONS,
    now: NOW,
  });
}

/** Rows as 'tab batch reason-or-change', the way a person scans the four tabs. */
const outline = (rows: DraftRow[]) => rows.map((row) => [row.tab, row.batchNumber, row.reasonCode ?? row.payload.change ?? '-'].join(' '));

const PASSED_LAB = {
  labStatus: 'passed',
  thcValue: 22.4,
  thcUom: 'Percentage',
  cbdValue: 0.08,
  cbdUom: 'Percentage',
  totalCannabinoids: 25.1,
  terpenes: [
    { terpeneName: 'Myrcene', percentage: 0.82 },
    { terpeneName: 'Limonene', percentage: 0.46 },
  ],
} as const;

describe('a new batch', () => {
  it('is stocked with the sum of its tags, the largest fitting case size and its lab data, and reported as 020', () => {
    const rows = build([pkg(2, { quantity: 24, expirationDate: '2027-11-01' }), pkg(1, { quantity: 24, itemName: '  gv blue dream  3.5g ', expirationDate: '2027-09-30T00:00:00Z' })]);
    expect(outline(rows)).toEqual([`inventory_updates ${BATCH} new_batch`, `item_issues ${BATCH} 020`]);
    expect(rows[0]).toEqual({
      tab: 'inventory_updates',
      batchNumber: BATCH,
      productId: 11,
      productName: 'Blue Dream 3.5g',
      s2sProductName: 'gv blue dream  3.5g',
      locationId: 1,
      locationName: 'Minneapolis Vault',
      categoryName: 'Flower',
      reasonCode: null,
      totalQuantity: 48,
      caseSize: 24,
      payload: {
        tags: [
          { tagNumber: tag(1), quantity: 24 },
          { tagNumber: tag(2), quantity: 24 },
        ],
        change: 'new_batch',
        ...PASSED_LAB,
        expiryDate: '2027-09-30',
      },
    });
    expect(rows[1]).toMatchObject({ tab: 'item_issues', reasonCode: '020', productId: 11, totalQuantity: 48 });
  });

  it('groups packages by batch number and keeps batches apart', () => {
    const rows = build([
      pkg(1, { batchNumber: 'GV-SD-2611-07', itemName: 'GREENVAULT - SOUR DIESEL - 1G CART', quantity: 20 }),
      pkg(2, { batchNumber: ' GV-SD-2611-07 ', itemName: 'GREENVAULT - SOUR DIESEL - 1G CART', quantity: 40 }),
      pkg(3, { quantity: 12 }),
    ]);
    expect(rows.filter((row) => row.tab === 'inventory_updates').map((row) => [row.batchNumber, row.productName, row.totalQuantity, row.caseSize])).toEqual([
      [BATCH, 'Blue Dream 3.5g', 12, 12],
      ['GV-SD-2611-07', 'Sour Diesel Cart 1g', 60, 20],
    ]);
  });
});

describe('item issues that keep a batch out of Inventory Updates', () => {
  const onAnotherBatch = known({ batchId: 502, batchNumber: 'GV-BD-2609-03', tags: [{ tagNumber: tag(1), quantity: 24 }] });

  it.each<[string, S2SPackage[], KnownBatch[], string[]]>([
    ['no product matches the item', [pkg(1, { itemName: 'GREENVAULT - BLUE DREAM - 7G' })], [], ['001']],
    ['the product is discontinued', [pkg(1, { itemName: 'GREENVAULT - OG KUSH - 3.5G' })], [], ['010']],
    ['the product has no category', [pkg(1, { itemName: 'GREENVAULT - GELATO GUMMIES - 10PK' })], [], ['002']],
    ['the product has no item size', [pkg(1, { itemName: 'GREENVAULT - RUNTZ - 1G PR' })], [], ['002']],
    ['a fractional quantity', [pkg(1, { quantity: 12.5 }), pkg(2)], [], ['007']],
    ['a negative quantity', [pkg(1, { quantity: -24 })], [], ['007']],
    ['a quantity that is not a number', [pkg(1, { quantity: Number.NaN })], [], ['007']],
    ['an infinite quantity', [pkg(1, { quantity: Number.POSITIVE_INFINITY })], [], ['007']],
    ['an empty tag', [pkg(1, { tag: '   ' }), pkg(2)], [], ['007']],
    ['the same tag twice in the fetch', [pkg(1), pkg(2, { tag: tag(1) })], [], ['007']],
    ['a package on hold', [pkg(1), pkg(2, { onHold: true })], [], ['009']],
    ['a name two products share', [pkg(1, { itemName: 'gv house blend' })], [], ['009']],
    ['packages of one batch carrying different items', [pkg(1), pkg(2, { itemName: 'GREENVAULT - SOUR DIESEL - 1G CART' })], [], ['009']],
    ['packages of one batch in two locations', [pkg(1), pkg(2, { locationId: 'LIC-MN-0002' })], [], ['009']],
    ['a known batch falling below what open orders reserve', [pkg(1, { quantity: 6 }), pkg(2, { quantity: 6 })], [known({ reservedUnits: 18 })], ['009']],
    ['a tag we hold on another batch', [pkg(1), pkg(2)], [onAnotherBatch], ['008']],
    ['a known batch reported with another product', [pkg(1, { itemName: 'GREENVAULT - SOUR DIESEL - 1G CART', quantity: 20 })], [known()], ['008']],
    ['a known batch reported in another location', [pkg(3, { locationId: 'LIC-MN-0002' })], [known()], ['008']],
    ['a location that is not one of the market’s', [pkg(1, { locationId: 'LIC-MN-0099' })], [], ['008']],
    ['several problems at once, one row per reason', [pkg(1, { itemName: 'GREENVAULT - BLUE DREAM - 7G', quantity: 2.5 }), pkg(2, { onHold: true })], [], ['001', '007', '009']],
  ])('%s', (_case, packages, knownBatches, reasons) => {
    const rows = build(packages, { knownBatches });
    expect(rows.filter((row) => row.tab === 'inventory_updates')).toEqual([]);
    expect(rows.filter((row) => row.tab === 'item_issues').map((row) => row.reasonCode)).toEqual(reasons);
  });

  it('reports a tag fetched twice on both batches that carry it', () => {
    const rows = build([pkg(1), pkg(2, { batchNumber: 'GV-BD-2611-02', tag: ` ${tag(1)} ` })]);
    expect(outline(rows)).toEqual([`item_issues ${BATCH} 007`, 'item_issues GV-BD-2611-02 007']);
  });

  it('reports an empty batch number as invalid data', () => {
    expect(outline(build([pkg(1, { batchNumber: '  ' })]))).toEqual(['item_issues  007']);
  });

  it('shows what is known of an unmatched batch: the S2S item, category and location', () => {
    const [row] = build([pkg(1, { itemName: 'GREENVAULT - BLUE DREAM - 7G', quantity: 10 })]);
    expect(row).toMatchObject({
      tab: 'item_issues',
      reasonCode: '001',
      productId: null,
      productName: null,
      s2sProductName: 'GREENVAULT - BLUE DREAM - 7G',
      categoryName: 'Buds',
      locationId: 1,
      locationName: 'Minneapolis Vault',
      totalQuantity: 10,
      caseSize: null,
    });
  });

  it("names an unknown location as the seed-to-sale system does, and leaves out quantities JSON cannot hold", () => {
    const [unknownPlace] = build([pkg(1, { locationId: 'LIC-MN-0099' })]);
    expect(unknownPlace).toMatchObject({ locationId: null, locationName: 'GreenVault Minneapolis (Metrc)' });
    const [notANumber] = build([pkg(1, { quantity: Number.NaN }), pkg(2)]);
    expect(notANumber).toMatchObject({ totalQuantity: null, payload: { tags: [{ tagNumber: tag(2), quantity: 24 }] } });
  });
});

describe('a known batch', () => {
  it.each<[string, S2SPackage[], string[], { totalQuantity: number; previousQuantity: number } | null]>([
    ['reported as we hold it gives no row', [pkg(1), pkg(2)], [], null],
    ['gaining a tag is a new_tag update and a 021 issue', [pkg(1), pkg(2), pkg(3)], [`inventory_updates ${BATCH} new_tag`, `item_issues ${BATCH} 021`], { totalQuantity: 72, previousQuantity: 48 }],
    ['with a changed tag, the others unchanged and not fetched, is a quantity_changed update', [pkg(2, { quantity: 12 })], [`inventory_updates ${BATCH} quantity_changed`], { totalQuantity: 36, previousQuantity: 48 }],
    ['whose units moved between its tags is a quantity_changed update', [pkg(1, { quantity: 12 }), pkg(2, { quantity: 36 })], [`inventory_updates ${BATCH} quantity_changed`], { totalQuantity: 48, previousQuantity: 48 }],
  ])('%s', (_case, packages, expected, update) => {
    const rows = build(packages, { knownBatches: [known()] });
    expect(outline(rows)).toEqual(expected);
    if (update) expect(rows[0]).toMatchObject({ productId: 11, locationId: 1, totalQuantity: update.totalQuantity, payload: { previousQuantity: update.previousQuantity } });
  });

  it('carries the tags as fetched, not ours', () => {
    const [update] = build([pkg(3, { quantity: 12 })], { knownBatches: [known()] });
    expect(update?.payload.tags).toEqual([{ tagNumber: tag(3), quantity: 12 }]);
    expect(update?.totalQuantity).toBe(60);
  });

  it('after a shipment (our units below the sum of our tags) moves our units by the change only, never bringing shipped units back', () => {
    // Our tags hold 24 + 24 but 12 units have shipped; the fetch reports tag 2 down by 12.
    const rows = build([pkg(2, { quantity: 12 })], { knownBatches: [known({ activeUnits: 36 })] });
    expect(outline(rows)).toEqual([`inventory_updates ${BATCH} quantity_changed`]);
    expect(rows[0]).toMatchObject({ totalQuantity: 24, payload: { previousQuantity: 36 } });
    expect(outline(build([pkg(1), pkg(2)], { knownBatches: [known({ activeUnits: 36 })] }))).toEqual([]);
  });

  it('reports a tag whose units a database integer cannot hold as invalid data', () => {
    expect(outline(build([pkg(2, { quantity: 3_000_000_000 })], { knownBatches: [known()] }))).toEqual([`item_issues ${BATCH} 007`]);
  });
});

describe('lab data warnings', () => {
  it.each([
    ['no result', 'TestPassed', false, '005', 'missing'],
    ['a state that is not a pass', 'NotSubmitted', true, '005', 'missing'],
    ['a failed test', 'TestFailed', true, '006', 'failed'],
  ] as const)('with %s, warn (%s) without holding the new batch back', (_case, labTestingState, hasResult, reasonCode, labStatus) => {
    const packages = [pkg(1, { labTestingState })];
    const labResults = new Map(hasResult ? [['P1', [passingResult('P1')]]] : []);
    const rows = build(packages, { labResults });
    expect(outline(rows)).toEqual([`inventory_updates ${BATCH} new_batch`, `item_issues ${BATCH} 020`, `lab_data_warnings ${BATCH} ${reasonCode}`]);
    expect(rows.every((row) => row.payload.labStatus === labStatus)).toBe(true);
  });

  it('are written for blocked batches too, so every problem shows before commit', () => {
    const rows = build([pkg(1, { itemName: 'GREENVAULT - BLUE DREAM - 7G', labTestingState: 'RetestFailed' })]);
    expect(outline(rows)).toEqual([`item_issues ${BATCH} 001`, `lab_data_warnings ${BATCH} 006`]);
  });
});

describe('case size errors', () => {
  const caseRow = (rows: DraftRow[]) => rows.find((row) => row.tab === 'case_size_errors');

  it('hold back a new batch that fits no case size: no update, no 020, heldBack set', () => {
    const rows = build([pkg(1, { quantity: 25 })]);
    expect(outline(rows)).toEqual([`case_size_errors ${BATCH} -`]);
    expect(caseRow(rows)).toMatchObject({ productId: 11, totalQuantity: 25, caseSize: null, payload: { standardCaseSizes: [6, 12, 24], heldBack: true } });
  });

  it('hold back a new batch of a product with no case size', () => {
    const rows = build([pkg(1, { itemName: 'GREENVAULT - WEDDING CAKE - 30ML TINCTURE', quantity: 40 })]);
    expect(outline(rows)).toEqual([`case_size_errors ${BATCH} -`]);
    expect(caseRow(rows)?.payload).toMatchObject({ standardCaseSizes: [], heldBack: true });
  });

  it('still let a known batch be updated, flagged without holding it back', () => {
    const rows = build([pkg(3, { quantity: 2 })], { knownBatches: [known()] });
    expect(outline(rows)).toEqual([`inventory_updates ${BATCH} new_tag`, `item_issues ${BATCH} 021`, `case_size_errors ${BATCH} -`]);
    expect(rows[0]).toMatchObject({ totalQuantity: 50, caseSize: null });
    expect(caseRow(rows)?.payload).toMatchObject({ standardCaseSizes: [6, 12, 24], heldBack: false });
  });

  it('are not held back when an item issue blocks the batch anyway', () => {
    const rows = build([pkg(1, { itemName: 'GREENVAULT - OG KUSH - 3.5G', quantity: 25 })]);
    expect(outline(rows)).toEqual([`item_issues ${BATCH} 010`, `case_size_errors ${BATCH} -`]);
    expect(caseRow(rows)?.payload.heldBack).toBe(false);
  });

  it.each([
    ['no product matches', [pkg(1, { itemName: 'GREENVAULT - BLUE DREAM - 7G', quantity: 25 })]],
    ['the name is ambiguous', [pkg(1, { itemName: 'GV HOUSE BLEND', quantity: 25 })]],
    ['a quantity is invalid', [pkg(1, { quantity: 12.5 })]],
    ['a tag is fetched twice', [pkg(1, { quantity: 13 }), pkg(2, { tag: tag(1), quantity: 12 })]],
  ])('are not checked when %s', (_case, packages) => {
    expect(caseRow(build(packages))).toBeUndefined();
  });
});

describe('the order of the rows', () => {
  const packages = [
    pkg(1, { batchNumber: 'GV-BD-2611-03', quantity: 25 }),
    pkg(2, { batchNumber: 'GV-BD-2611-01', labTestingState: 'NotSubmitted' }),
    pkg(3, { batchNumber: 'GV-BD-2611-02', itemName: 'GREENVAULT - BLUE DREAM - 7G', onHold: true }),
    pkg(4, { batchNumber: 'GV-BD-2611-02', itemName: 'GREENVAULT - BLUE DREAM - 7G' }),
    pkg(5, { batchNumber: 'GV-BD-2611-00', quantity: 36 }),
  ];

  it('is by tab, then batch number, then reason', () => {
    expect(outline(build(packages))).toEqual([
      'inventory_updates GV-BD-2611-00 new_batch',
      'inventory_updates GV-BD-2611-01 new_batch',
      'item_issues GV-BD-2611-00 020',
      'item_issues GV-BD-2611-01 020',
      'item_issues GV-BD-2611-02 001',
      'item_issues GV-BD-2611-02 009',
      'lab_data_warnings GV-BD-2611-01 005',
      'case_size_errors GV-BD-2611-03 -',
    ]);
  });

  it('does not depend on the order the packages arrived in', () => {
    const forwards = build(packages);
    expect(build([...packages].reverse())).toEqual(forwards);
    expect(build([packages[2]!, packages[0]!, packages[4]!, packages[3]!, packages[1]!])).toEqual(forwards);
  });
});
