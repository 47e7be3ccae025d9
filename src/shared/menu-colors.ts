// The colours of a menu, shared by the screen and the exported workbook so that both look alike (spec
// section 3, menu listing row): a batch's row colour and its category's border colour.
import { PRODUCT_CATEGORIES, type ProductCategory } from './enums';

/** The named row colours: `key` is the hue a hex is matched to, `fill` the light tint a row is painted with. */
export const ROW_COLORS = {
  red: { key: '#E53935', fill: '#FDE2E1', label: 'Red' },
  orange: { key: '#FB8C00', fill: '#FFE9D1', label: 'Orange' },
  yellow: { key: '#FDD835', fill: '#FFF6C7', label: 'Yellow' },
  green: { key: '#43A047', fill: '#DDF3DE', label: 'Green' },
  blue: { key: '#1E88E5', fill: '#DCEBFB', label: 'Blue' },
  purple: { key: '#8E24AA', fill: '#EEDDF4', label: 'Purple' },
  grey: { key: '#9E9E9E', fill: '#ECEDEF', label: 'Grey' },
} as const;
export type RowColorName = keyof typeof ROW_COLORS;

/** The row_color word for a batch with no whole case free. */
export const UNAVAILABLE_ROW_COLOR = 'unavailable';

const HEX_PATTERN = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

function rgb(hex: string): [number, number, number] {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as [number, number, number];
}

/**
 * The named colour of a row_color: 'unavailable' is red; a hex is the nearest named colour (by distance in
 * RGB); anything else (null, blank, an unknown word) is no colour. White and near-white mean no colour too.
 */
export function rowColorName(value: string | null | undefined): RowColorName | null {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === UNAVAILABLE_ROW_COLOR) return 'red';
  if (text in ROW_COLORS) return text as RowColorName;
  if (!HEX_PATTERN.test(text)) return null;
  const [r, g, b] = rgb(text);
  if (Math.min(r, g, b) > 235) return null;
  let best: RowColorName | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [name, colour] of Object.entries(ROW_COLORS) as [RowColorName, (typeof ROW_COLORS)[RowColorName]][]) {
    const [kr, kg, kb] = rgb(colour.key);
    const distance = (r - kr) ** 2 + (g - kg) ** 2 + (b - kb) ** 2;
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** Each category's border colour (spec: every category has its own). */
const CATEGORY_BORDER_COLORS: Record<ProductCategory, string> = {
  flower: '#2E7D32',
  vape: '#1565C0',
  edible: '#C62828',
  concentrate: '#EF6C00',
  tincture: '#6A1B9A',
  topical: '#00838F',
  'pre-roll': '#558B2F',
  beverage: '#0277BD',
  capsule: '#AD1457',
  wax: '#F9A825',
  shatter: '#8D6E63',
  'resin/rosin': '#4E342E',
  accessory: '#546E7A',
};
const OTHER_CATEGORY_BORDER = '#94A3B8';

/** The border colour of a category by its name (any case); categories outside the spec's list get slate. */
export function categoryBorderColor(categoryName: string): string {
  const name = categoryName.trim().toLowerCase();
  return (PRODUCT_CATEGORIES as readonly string[]).includes(name) ? CATEGORY_BORDER_COLORS[name as ProductCategory] : OTHER_CATEGORY_BORDER;
}
