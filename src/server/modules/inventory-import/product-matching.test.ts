import { describe, expect, it } from 'vitest';
import { createProductMatcher, type CatalogueProduct } from './product-matching';

function product(productId: number, names: string[], overrides: Partial<CatalogueProduct> = {}): CatalogueProduct {
  return { productId, name: names[0] ?? `Product ${productId}`, categoryName: 'Flower', isActive: true, itemSize: 3.5, caseSizes: [6, 12], names, ...overrides };
}

const catalogue = [
  product(1, ['GREENVAULT - BLUE DREAM - 3.5G', 'GV Blue Dream 3.5g']),
  product(2, ['GREENVAULT - SOUR DIESEL - 1G CART']),
  product(3, ['GREENVAULT - OG KUSH - 3.5G', 'GV HOUSE BLEND']),
  product(4, ['GREENVAULT - WEDDING CAKE - 3.5G', 'gv house  blend']),
  product(5, ['GREENVAULT - GELATO - 7G', 'Greenvault - Gelato - 7G', '   ']),
  product(6, ['GREENVAULT - ZKITTLEZ - 3.5G'], { isActive: false }),
  product(7, ['GREENVAULT - RUNTZ - 1G PR'], { name: 'Runtz Pre-Roll 1g' }),
];

describe('matching a seed-to-sale item name to an ERP product', () => {
  const match = createProductMatcher(catalogue);

  it.each([
    ['its S2S name exactly', 'GREENVAULT - BLUE DREAM - 3.5G', 1],
    ['an alias', 'GV Blue Dream 3.5g', 1],
    ['another case', 'greenvault - blue dream - 3.5g', 1],
    ['spaces round the name', '  GREENVAULT - SOUR DIESEL - 1G CART\t', 2],
    ['runs of inner whitespace', 'GREENVAULT  -   SOUR\tDIESEL - 1G CART', 2],
    ['a product that lists the same name twice', 'GREENVAULT - GELATO - 7G', 5],
    ['an inactive product (reported as discontinued, not unknown)', 'GREENVAULT - ZKITTLEZ - 3.5G', 6],
  ])('matches by %s', (_case, name, productId) => {
    expect(match(name)?.productId).toBe(productId);
  });

  it.each([
    ['a near miss', 'GREENVAULT - BLUE DREAM - 3.5 G'],
    ['a part of a name', 'GREENVAULT - BLUE DREAM'],
    ['the ERP name of a product that is not one of its S2S names', 'Runtz Pre-Roll 1g'],
    ['an empty name, even where a product lists a blank alias', '  '],
    ['a name two products share, whatever their spacing and case', 'GV House Blend'],
  ])('matches nothing for %s', (_case, name) => {
    expect(match(name)).toBeNull();
  });

  it('matches nothing against an empty catalogue', () => {
    expect(createProductMatcher([])('GREENVAULT - BLUE DREAM - 3.5G')).toBeNull();
  });
});
