// The product catalogue: the global taxonomy (categories, subcategories, brands, strains) and each
// market's ERP products with their seed-to-sale names, aliases and standard case sizes.
import {
  PRODUCT_CATEGORIES,
  type ItemSizeUnit,
  type PotencyUnit,
  type ProductCategory,
  type StrainType,
} from '../../../shared/enums';
import { DAY } from './dates';
import type { IdSequences, Sequence } from './ids';
import { weightedPicker, type Random } from './random';
import type {
  BrandRow,
  CategoryRow,
  ProductCaseSizeRow,
  ProductNameRow,
  ProductRow,
  StrainRow,
  SubcategoryRow,
} from './tables';

export type CategoryProfile = {
  erpPrefix: string;
  /** Share of a market's products in this category. */
  weight: number;
  itemSizes: readonly number[];
  unit: ItemSizeUnit;
  /** Dollars per unit of the smallest item size. */
  unitPrice: readonly [number, number];
  /** Standard case sizes a product of this category picks a run of, smallest first. */
  caseLadder: readonly number[];
  /** Edibles and drinks are often sold by flavour rather than strain; accessories have neither. */
  strain: 'always' | 'often' | 'never';
  /** How labs report potency, and the usual THC range in that unit; accessories have no lab panel. */
  potency: { unit: PotencyUnit; thc: readonly [number, number] } | null;
  shelfLifeDays: readonly [number, number];
};

const STANDARD_LADDER = [6, 12, 24, 48, 96] as const;
const SMALL_GOODS_LADDER = [12, 24, 48, 96, 192] as const;
const EDIBLE_LADDER = [10, 20, 50, 100, 200] as const;

export const CATEGORY_PROFILES: Record<ProductCategory, CategoryProfile> = {
  flower: {
    erpPrefix: 'FLW', weight: 22, itemSizes: [3.5, 7, 14, 28], unit: 'g', unitPrice: [18, 32], caseLadder: STANDARD_LADDER,
    strain: 'always', potency: { unit: 'Percentage', thc: [16, 31] }, shelfLifeDays: [120, 365],
  },
  vape: {
    erpPrefix: 'VAP', weight: 16, itemSizes: [0.3, 0.5, 1], unit: 'g', unitPrice: [16, 26], caseLadder: [10, 20, 40, 80, 160],
    strain: 'always', potency: { unit: 'Percentage', thc: [70, 92] }, shelfLifeDays: [270, 540],
  },
  edible: {
    erpPrefix: 'EDB', weight: 14, itemSizes: [50, 100, 200], unit: 'mg', unitPrice: [9, 16], caseLadder: EDIBLE_LADDER,
    strain: 'often', potency: { unit: 'WeightRatio', thc: [1.5, 10] }, shelfLifeDays: [180, 365],
  },
  concentrate: {
    erpPrefix: 'CON', weight: 6, itemSizes: [0.5, 1, 2], unit: 'g', unitPrice: [18, 30], caseLadder: STANDARD_LADDER,
    strain: 'always', potency: { unit: 'Percentage', thc: [65, 88] }, shelfLifeDays: [270, 540],
  },
  tincture: {
    erpPrefix: 'TNC', weight: 5, itemSizes: [300, 500, 1000], unit: 'mg', unitPrice: [20, 35], caseLadder: STANDARD_LADDER,
    strain: 'often', potency: { unit: 'WeightRatio', thc: [5, 35] }, shelfLifeDays: [365, 720],
  },
  topical: {
    erpPrefix: 'TOP', weight: 4, itemSizes: [100, 250, 500], unit: 'mg', unitPrice: [15, 28], caseLadder: STANDARD_LADDER,
    strain: 'often', potency: { unit: 'WeightRatio', thc: [1, 12] }, shelfLifeDays: [365, 720],
  },
  'pre-roll': {
    erpPrefix: 'PRE', weight: 12, itemSizes: [0.5, 1, 2.5, 3.5], unit: 'g', unitPrice: [6, 10], caseLadder: SMALL_GOODS_LADDER,
    strain: 'always', potency: { unit: 'Percentage', thc: [18, 35] }, shelfLifeDays: [120, 300],
  },
  beverage: {
    erpPrefix: 'BEV', weight: 5, itemSizes: [5, 10, 25, 100], unit: 'mg', unitPrice: [4, 7], caseLadder: SMALL_GOODS_LADDER,
    strain: 'often', potency: { unit: 'WeightRatio', thc: [0.02, 0.3] }, shelfLifeDays: [180, 365],
  },
  capsule: {
    erpPrefix: 'CAP', weight: 4, itemSizes: [100, 300, 600], unit: 'mg', unitPrice: [18, 32], caseLadder: STANDARD_LADDER,
    strain: 'often', potency: { unit: 'WeightRatio', thc: [8, 40] }, shelfLifeDays: [365, 720],
  },
  wax: {
    erpPrefix: 'WAX', weight: 3, itemSizes: [0.5, 1], unit: 'g', unitPrice: [20, 32], caseLadder: STANDARD_LADDER,
    strain: 'always', potency: { unit: 'Percentage', thc: [65, 85] }, shelfLifeDays: [270, 540],
  },
  shatter: {
    erpPrefix: 'SHT', weight: 3, itemSizes: [0.5, 1], unit: 'g', unitPrice: [18, 30], caseLadder: STANDARD_LADDER,
    strain: 'always', potency: { unit: 'Percentage', thc: [70, 88] }, shelfLifeDays: [270, 540],
  },
  'resin/rosin': {
    erpPrefix: 'RSN', weight: 4, itemSizes: [0.5, 1, 2], unit: 'g', unitPrice: [28, 45], caseLadder: STANDARD_LADDER,
    strain: 'always', potency: { unit: 'Percentage', thc: [65, 85] }, shelfLifeDays: [180, 365],
  },
  accessory: {
    erpPrefix: 'ACC', weight: 2, itemSizes: [1], unit: 'g', unitPrice: [5, 25], caseLadder: [5, 10, 25, 50, 100],
    strain: 'never', potency: null, shelfLifeDays: [720, 1080],
  },
};

const SUBCATEGORIES: Record<ProductCategory, readonly string[]> = {
  flower: ['Premium Flower', 'Smalls', 'Shake', 'Ground Flower'],
  vape: ['Cartridge', 'Disposable', 'Pod'],
  edible: ['Gummies', 'Chocolate', 'Baked Goods', 'Hard Candy'],
  concentrate: ['Live Resin', 'Badder', 'Sugar', 'Diamonds'],
  tincture: ['Full Spectrum', 'Isolate'],
  topical: ['Balm', 'Lotion', 'Transdermal Patch'],
  'pre-roll': ['Single', 'Multi-Pack', 'Infused'],
  beverage: ['Seltzer', 'Tea', 'Shot'],
  capsule: ['Softgel', 'Tablet'],
  wax: ['Crumble', 'Budder'],
  shatter: ['Classic Shatter', 'Pull-and-Snap'],
  'resin/rosin': ['Live Rosin', 'Cured Resin', 'Hash Rosin'],
  accessory: ['Battery', 'Rolling Papers', 'Grinder'],
};

const BRANDS: readonly (readonly [string, readonly ProductCategory[]])[] = [
  ['Northstar Farms', ['flower', 'pre-roll']],
  ['Prairie Bloom', ['flower', 'pre-roll', 'vape']],
  ['Lumen Extracts', ['concentrate', 'wax', 'shatter', 'resin/rosin', 'vape']],
  ['Glacier Labs', ['vape', 'concentrate', 'shatter']],
  ['Hearth & Hive', ['edible', 'beverage']],
  ['Copper Kettle Confections', ['edible']],
  ['Tidewater Tonics', ['beverage', 'tincture']],
  ['Sage & Stone', ['topical', 'tincture', 'capsule']],
  ['Verdant Apothecary', ['tincture', 'capsule', 'topical']],
  ['High Plains Growers', ['flower', 'pre-roll']],
  ['Ember Rosin Co.', ['resin/rosin', 'concentrate']],
  ['Cloudline', ['vape']],
  ['Driftwood Gardens', ['flower', 'pre-roll']],
  ['Fieldnote', ['pre-roll', 'flower']],
  ['Honeycomb Hash', ['wax', 'concentrate', 'resin/rosin']],
  ['Amber Glass', ['shatter', 'wax']],
  ['Little Acre', ['edible', 'capsule']],
  ['Riverbend Botanicals', ['flower', 'topical', 'tincture']],
  ['Summit Supply', ['accessory']],
  ['Kindling Goods', ['accessory', 'pre-roll']],
  ['Moonwake', ['edible', 'beverage', 'vape']],
  ['Starling Cannabis Co.', ['flower', 'vape', 'pre-roll']],
  ['Evergreen Reserve', ['flower', 'concentrate']],
  ['Pine & Pollen', ['pre-roll', 'flower', 'edible']],
];

const STRAIN_WORDS = {
  first: ['Blue', 'Lemon', 'Purple', 'Northern', 'Golden', 'Frosted', 'Midnight', 'Cherry', 'Glacier', 'Prairie', 'Velvet', 'Citrus', 'Maple', 'Wild', 'Silver', 'Mango'],
  second: ['Haze', 'Kush', 'Diesel', 'Cookies', 'Sherbet', 'Dream', 'Runtz', 'Gelato', 'Skunk', 'Cake', 'Breath', 'Glue', 'Mints', 'Zkittlez'],
} as const;
const STRAIN_COUNT = 64;
const strainTypeOf = weightedPicker<StrainType>([
  ['Hybrid', 45],
  ['Indica', 25],
  ['Sativa', 22],
  ['CBD', 8],
]);

const FLAVOURS = ['Watermelon', 'Mango', 'Blue Raspberry', 'Black Cherry', 'Lime', 'Peach', 'Sour Apple', 'Pomegranate', 'Ginger', 'Honey Lemon'];
const ACCESSORY_VARIANTS = ['Black', 'Silver', '510 Thread', 'King Size', 'Four Piece', 'Travel'];

export type Taxonomy = {
  categories: CategoryRow[];
  subcategories: SubcategoryRow[];
  brands: BrandRow[];
  strains: StrainRow[];
};

/** The global lists every market's products draw from. */
export function buildTaxonomy(random: Random, ids: IdSequences): Taxonomy {
  const categories = PRODUCT_CATEGORIES.map((name) => ({ id: ids.categories(), name }));
  const subcategories = categories.flatMap((category) =>
    SUBCATEGORIES[category.name as ProductCategory].map((name) => ({ id: ids.subcategories(), categoryId: category.id, name })),
  );
  const brands = BRANDS.map(([name]) => ({ id: ids.brands(), name }));
  const names = STRAIN_WORDS.first.flatMap((first) => STRAIN_WORDS.second.map((second) => `${first} ${second}`));
  const chosen = random.sample(names, STRAIN_COUNT).sort();
  const strains = chosen.map((name) => {
    const parents = random.sample(
      chosen.filter((other) => other !== name),
      2,
    );
    return {
      id: ids.strains(),
      name,
      strainType: strainTypeOf(random),
      lineage: random.chance(0.88) ? `${parents[0]} x ${parents[1]}` : null,
    };
  });
  return { categories, subcategories, brands, strains };
}

export type ProductSpec = {
  row: ProductRow;
  category: ProductCategory;
  strainType: StrainType | null;
  names: ProductNameRow[];
  /** Seed-to-sale names (not aliases): what batches of this product are called in Metrc or BioTrack. */
  s2sNames: string[];
  caseSizes: number[];
  caseSizeRows: ProductCaseSizeRow[];
  unitBaseCents: number;
  /** The default sale price: the lower of base and vendor price. */
  unitSaleCents: number;
};

export type ProductFactory = {
  taxonomy: Taxonomy;
  ids: IdSequences;
  /** Numbers the ERP codes of one market; they must be unique within it. */
  erpNumber: Sequence;
  marketId: number;
  now: number;
};

const categoryOf = weightedPicker(PRODUCT_CATEGORIES.map((category) => [category, CATEGORY_PROFILES[category].weight] as const));
const caseSizeCountOf = weightedPicker([
  [1, 10],
  [2, 20],
  [3, 35],
  [4, 20],
  [5, 15],
]);

const sizeLabel = (size: number, unit: ItemSizeUnit) => `${size}${unit}`;
const centsToDollars = (cents: number) => cents / 100;

function brandsMaking(taxonomy: Taxonomy, category: ProductCategory): BrandRow[] {
  const names = new Set(BRANDS.filter(([, makes]) => makes.includes(category)).map(([name]) => name));
  return taxonomy.brands.filter((brand) => names.has(brand.name));
}

function s2sNamesFor(random: Random, brand: string, flavourOrStrain: string, subcategory: string, size: string): string[] {
  const main = `${brand.toUpperCase()} - ${flavourOrStrain.toUpperCase()} - ${subcategory.toUpperCase()} - ${size.toUpperCase()}`;
  if (!random.chance(0.15)) return [main];
  const initials = subcategory
    .split(/[\s-]+/)
    .map((word) => word[0])
    .join('')
    .toUpperCase();
  return [main, `${flavourOrStrain.toUpperCase()} ${initials} ${size.toUpperCase()}`];
}

function aliasesFor(random: Random, brand: string, flavourOrStrain: string, subcategory: string, size: string, erpCode: string): string[] {
  const candidates = [
    `${flavourOrStrain} ${size}`,
    `${brand} ${flavourOrStrain} ${subcategory}`,
    `${flavourOrStrain} (${brand}) ${size}`,
    `${erpCode} ${flavourOrStrain}`,
  ];
  return random.sample(candidates, random.int(0, 3));
}

/** One ERP product with its names and standard case sizes. */
function buildProduct(random: Random, factory: ProductFactory): ProductSpec {
  const { taxonomy, ids } = factory;
  const category = categoryOf(random);
  const profile = CATEGORY_PROFILES[category];
  const categoryRow = taxonomy.categories.find((row) => row.name === category)!;
  const subcategory = random.pick(taxonomy.subcategories.filter((row) => row.categoryId === categoryRow.id));
  const brand = random.pick(brandsMaking(taxonomy, category));
  const strain = profile.strain === 'always' || (profile.strain === 'often' && random.chance(0.6)) ? random.pick(taxonomy.strains) : null;
  const sizeIndex = random.int(0, profile.itemSizes.length - 1);
  const itemSize = profile.itemSizes[sizeIndex]!;
  const size = sizeLabel(itemSize, profile.unit);
  const descriptor = strain?.name ?? (category === 'accessory' ? random.pick(ACCESSORY_VARIANTS) : random.pick(FLAVOURS));
  const name = category === 'accessory' ? `${brand.name} ${subcategory.name} ${descriptor}` : `${brand.name} ${descriptor} ${subcategory.name} ${size}`;
  const erpCode = `${profile.erpPrefix}-${String(factory.erpNumber()).padStart(5, '0')}`;

  // Bigger packs cost less per gram, as they do on real price lists.
  const sizeFactor = (itemSize / profile.itemSizes[0]!) ** 0.85;
  const unitBaseCents = Math.round(random.decimal(profile.unitPrice[0], profile.unitPrice[1], 2) * sizeFactor * 100);
  const vendorRoll = random.next();
  const vendorCents =
    vendorRoll < 0.45
      ? Math.round(unitBaseCents * random.decimal(0.82, 0.97, 3))
      : vendorRoll < 0.8
        ? Math.round(unitBaseCents * random.decimal(1.03, 1.15, 3))
        : null;

  const createdAt = factory.now - random.int(150, 720) * DAY;
  const id = ids.products();
  const row: ProductRow = {
    id,
    marketId: factory.marketId,
    erpCode,
    name,
    categoryId: categoryRow.id,
    subcategoryId: subcategory.id,
    brandId: brand.id,
    strainId: strain?.id ?? null,
    itemSize,
    itemSizeUom: profile.unit,
    basePrice: centsToDollars(unitBaseCents),
    vendorPrice: vendorCents === null ? null : centsToDollars(vendorCents),
    isActive: random.chance(0.97),
    createdAt: new Date(createdAt),
    updatedAt: new Date(Math.min(factory.now, createdAt + random.int(0, 120) * DAY)),
  };

  const s2sNames = s2sNamesFor(random, brand.name, descriptor, subcategory.name, size);
  const aliases = aliasesFor(random, brand.name, descriptor, subcategory.name, size, erpCode);
  const names = [
    ...s2sNames.map((text) => ({ id: ids.product_names(), productId: id, name: text, nameType: 's2s' })),
    ...aliases.map((text) => ({ id: ids.product_names(), productId: id, name: text, nameType: 'alias' })),
  ];

  const count = caseSizeCountOf(random);
  const start = random.int(0, profile.caseLadder.length - count);
  const caseSizes = profile.caseLadder.slice(start, start + count);
  const caseSizeRows = caseSizes.map((caseSize, index) => ({ productId: id, caseIndex: index + 1, caseSize, updatedAt: row.updatedAt }));

  return {
    row,
    category,
    strainType: (strain?.strainType as StrainType | undefined) ?? null,
    names,
    s2sNames,
    caseSizes,
    caseSizeRows,
    unitBaseCents,
    unitSaleCents: vendorCents === null ? unitBaseCents : Math.min(unitBaseCents, vendorCents),
  };
}

export function buildProducts(random: Random, factory: ProductFactory, count: number): ProductSpec[] {
  return Array.from({ length: count }, () => buildProduct(random, factory));
}
