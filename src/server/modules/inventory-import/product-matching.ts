// Matches a seed-to-sale item name to one ERP product by the product's S2S names and aliases.
// Names are compared after trimming, collapsing inner whitespace and lower-casing, and must then be equal:
// a near miss is an unknown item (001) for a person to alias, never a guess. A name two products share
// matches neither (009 manual_review), since stocking the wrong product is worse than stocking none.
import type { ErpProduct } from '../../connectors/types';

/** The ERP's product as the import matches it. */
export type CatalogueProduct = ErpProduct;

export type ProductMatch = { kind: 'matched'; product: CatalogueProduct } | { kind: 'none' } | { kind: 'ambiguous'; products: CatalogueProduct[] };

function normaliseName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Builds the lookup once per import: thousands of packages are matched against the same catalogue. */
export function createProductIndex(products: CatalogueProduct[]): (s2sName: string) => ProductMatch {
  const byName = new Map<string, CatalogueProduct[]>();
  for (const product of products) {
    for (const name of new Set(product.names.map(normaliseName))) {
      if (name === '') continue;
      const holders = byName.get(name);
      if (!holders) byName.set(name, [product]);
      else if (!holders.some((held) => held.productId === product.productId)) holders.push(product);
    }
  }
  return (s2sName) => {
    const holders = byName.get(normaliseName(s2sName));
    if (!holders) return { kind: 'none' };
    if (holders.length === 1) return { kind: 'matched', product: holders[0]! };
    return { kind: 'ambiguous', products: [...holders].sort((a, b) => a.productId - b.productId) };
  };
}

export function createProductMatcher(products: CatalogueProduct[]): (s2sName: string) => CatalogueProduct | null {
  const find = createProductIndex(products);
  return (s2sName) => {
    const match = find(s2sName);
    return match.kind === 'matched' ? match.product : null;
  };
}
