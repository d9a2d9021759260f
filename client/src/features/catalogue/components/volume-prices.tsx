import { catalogueMessages } from '@/config/catalogue-messages';
import { priceMessages } from '@/config/price-messages';
import type { Product, ProductPrice } from '@/types/api';
import { formatCents } from '@/utils/format';
import { tierFor, unitCents } from '@/utils/money';
import { differsFromList, priceCents, usePrices } from '@/lib/prices';

/*
 * Styled inline (style-src allows it): a CSS module here would go into the one global stylesheet of the
 * first load of /, which this lazily loaded table must not grow.
 */
const font = { fontFamily: 'var(--typography-fontFamily)' } as const;
const cell = { textAlign: 'left', padding: '8px 12px 8px 0', borderBottom: '1px solid var(--palette-divider)' } as const;
const headCell = { ...cell, color: 'var(--palette-text-secondary)', fontWeight: 700 } as const;
const rowHead = { ...cell, fontWeight: 700 } as const;

const m = catalogueMessages.product;

export interface VolumeBand {
  from: number;
  /** Undefined: and more. */
  to: number | undefined;
  cents: number;
  percentOff: number | undefined;
  /** The list price less its break, where the caller's own price (`cents`) differs from it. */
  listCents?: number;
}

/**
 * The quantity bands of a product's volume tiers, from its minimum order on: each band's unit price in cents
 * as the server charges it (utils/money's unitCents, shop.Product.UnitPrice).
 */
export function volumeBands(product: Pick<Product, 'price' | 'minimumquantity' | 'tiers'>, own?: ProductPrice): VolumeBand[] {
  const starts = [product.minimumquantity, ...(product.tiers ?? []).map((t) => t.min).filter((min) => min > product.minimumquantity)];
  return starts.map((from, i) => {
    const next = starts[i + 1];
    const list = unitCents(product.price, from, product.tiers);
    return {
      from,
      to: next === undefined ? undefined : next - 1,
      cents: own ? priceCents(own, from) : list,
      percentOff: tierFor(product.tiers, from)?.percentOff,
      ...(own && { listCents: list }),
    };
  });
}

/**
 * The volume prices of /product/:id: a table of quantity bands and their price per piece. Loaded on its own
 * (product.tsx loads it for a product with tiers, and for anyone signed in), drawn without MUI like the rest of
 * the page. Signed in, it asks GET /prices: a member whose company has its own prices sees them beside the list
 * price; anyone else sees the volume breaks (nothing for a product without them).
 */
export default function VolumePrices({ product }: { product: Product }) {
  const prices = usePrices([product._id]);
  const answer = prices.data?.find((p) => p.productId === product._id);
  const own = answer && differsFromList(answer, (quantity) => unitCents(product.price, quantity, product.tiers)) ? answer : undefined;
  if (!own && (product.tiers?.length ?? 0) === 0) return null;
  const bands = volumeBands(product, own);
  return (
    <section aria-labelledby="volume-prices-title" style={{ marginTop: 24, maxWidth: '36rem' }} data-testid="volume-prices">
      <h2
        id="volume-prices-title"
        style={{ ...font, margin: '0 0 8px', fontWeight: 'var(--typography-h6-fontWeight)', fontSize: 'var(--typography-h6-fontSize)', lineHeight: 'var(--typography-h6-lineHeight)' }}
      >
        {own ? priceMessages.ownTitle : m.volumeTitle}
      </h2>
      <p style={{ ...font, margin: '0 0 8px', color: 'var(--palette-text-secondary)' }}>{own ? priceMessages.ownIntro : m.volumeIntro}</p>
      <table style={{ ...font, width: '100%', borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' }}>
        <thead>
          <tr>
            <th scope="col" style={headCell}>
              {m.volumeQuantity}
            </th>
            <th scope="col" style={headCell}>
              {own ? priceMessages.ownPrice : m.volumePrice}
            </th>
            <th scope="col" style={headCell}>
              {own ? priceMessages.listPrice : m.volumeSaving}
            </th>
          </tr>
        </thead>
        <tbody>
          {bands.map((band) => (
            <tr key={band.from}>
              <th scope="row" style={rowHead}>
                {m.volumeRange(band.from, band.to)}
              </th>
              <td style={cell}>{formatCents(band.cents)}</td>
              <td style={cell}>
                {band.listCents !== undefined ? formatCents(band.listCents) : band.percentOff === undefined ? m.volumeList : m.volumeOff(band.percentOff)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
