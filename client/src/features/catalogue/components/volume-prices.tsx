import { catalogueMessages } from '@/config/catalogue-messages';
import type { Product } from '@/types/api';
import { formatCents } from '@/utils/format';
import { tierFor, unitCents } from '@/utils/money';
import s from './volume-prices.module.css';

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
    <section aria-labelledby="volume-prices-title" className={s.section} data-testid="volume-prices">
      <h2 id="volume-prices-title" className={s.heading}>
        {m.volumeTitle}
      </h2>
      <p className={s.intro}>{m.volumeIntro}</p>
      <table className={s.table}>
        <thead>
          <tr>
            <th scope="col">{m.volumeQuantity}</th>
            <th scope="col">{m.volumePrice}</th>
            <th scope="col">{m.volumeSaving}</th>
          </tr>
        </thead>
        <tbody>
          {bands.map((band) => (
            <tr key={band.from}>
              <th scope="row">{m.volumeRange(band.from, band.to)}</th>
              <td>{formatCents(band.cents)}</td>
              <td>{band.percentOff === undefined ? m.volumeList : m.volumeOff(band.percentOff)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
