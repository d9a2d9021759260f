import { catalogueMessages } from '@/config/catalogue-messages';
import type { Product } from '@/types/api';
import { formatCents } from '@/utils/format';
import { tierFor, unitCents } from '@/utils/money';

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
}

/**
 * The quantity bands of a product's volume tiers, from its minimum order on: each band's unit price in cents
 * as the server charges it (utils/money's unitCents, shop.Product.UnitPrice).
 */
export function volumeBands(product: Pick<Product, 'price' | 'minimumquantity' | 'tiers'>): VolumeBand[] {
  const starts = [product.minimumquantity, ...(product.tiers ?? []).map((t) => t.min).filter((min) => min > product.minimumquantity)];
  return starts.map((from, i) => {
    const next = starts[i + 1];
    return {
      from,
      to: next === undefined ? undefined : next - 1,
      cents: unitCents(product.price, from, product.tiers),
      percentOff: tierFor(product.tiers, from)?.percentOff,
    };
  });
}

/**
 * The volume prices of /product/:id: a table of quantity bands and their price per piece. Loaded on its own
 * (product.tsx loads it only for a product with tiers), drawn without MUI like the rest of the page.
 */
export default function VolumePrices({ product }: { product: Product }) {
  const bands = volumeBands(product);
  return (
    <section aria-labelledby="volume-prices-title" style={{ marginTop: 24, maxWidth: '36rem' }} data-testid="volume-prices">
      <h2
        id="volume-prices-title"
        style={{ ...font, margin: '0 0 8px', fontWeight: 'var(--typography-h6-fontWeight)', fontSize: 'var(--typography-h6-fontSize)', lineHeight: 'var(--typography-h6-lineHeight)' }}
      >
        {m.volumeTitle}
      </h2>
      <p style={{ ...font, margin: '0 0 8px', color: 'var(--palette-text-secondary)' }}>{m.volumeIntro}</p>
      <table style={{ ...font, width: '100%', borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' }}>
        <thead>
          <tr>
            <th scope="col" style={headCell}>
              {m.volumeQuantity}
            </th>
            <th scope="col" style={headCell}>
              {m.volumePrice}
            </th>
            <th scope="col" style={headCell}>
              {m.volumeSaving}
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
              <td style={cell}>{band.percentOff === undefined ? m.volumeList : m.volumeOff(band.percentOff)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
