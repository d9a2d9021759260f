import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorMessage } from '@/components/ui/error-message';
import { env } from '@/config/env';
import { formatBytes, machineryMessages } from '@/config/machinery-messages';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import type { Product } from '@/types/api';
import { formatPrice } from '@/utils/format';
import { getProductsQueryOptions } from '../api/get-products';

/*
 * Styled inline, like the reviews below it: a CSS module would go into the one stylesheet of the first load of /.
 */
const text = { margin: 0, fontFamily: 'var(--typography-fontFamily)' } as const;
const muted = { color: 'var(--palette-text-secondary)' } as const;
const s = {
  section: { display: 'grid', gap: 12, marginTop: 32 },
  heading: { ...text, fontSize: '1.25rem', fontWeight: 700 },
  list: { display: 'grid', gap: 8, margin: 0, padding: 0, listStyle: 'none' },
  item: {
    ...text,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '8px 16px',
    padding: '8px 12px',
    border: '1px solid var(--palette-divider)',
    borderRadius: 'var(--shape-borderRadius)',
  },
  link: { color: 'var(--palette-text-primary)', textDecoration: 'underline', fontWeight: 700, overflowWrap: 'anywhere' },
} as const;

const m = machineryMessages.product;

interface ProductExtrasProps {
  product: Product;
  /** The "Add to cart" of a spare part or accessory (the cart is another feature: the page passes its button). */
  action: (part: Product) => ReactNode;
}

/**
 * The product page's machinery section (issue 48), loaded as it nears the viewport: the product's documents (PDFs,
 * opened in a new tab), its spare parts and accessories with "Add to cart", and for a part, the machines it fits.
 */
export default function ProductExtras({ product, action }: ProductExtrasProps) {
  const linked = product.parts.length + product.accessories.length > 0;
  const fits = useQuery({ ...getProductsQueryOptions({ fits: product._id, limit: 100 }), enabled: linked });
  const fitsOn = useQuery(getProductsQueryOptions({ partOf: product._id, limit: 100 }));
  const items = linked ? (fits.data?.items ?? []) : [];
  const parts = items.filter((p) => product.parts.includes(p._id));
  const accessories = items.filter((p) => !product.parts.includes(p._id));

  const partList = (title: string, list: Product[]) =>
    list.length > 0 && (
      <section style={s.section} aria-label={title}>
        <h2 style={s.heading}>{title}</h2>
        <ul style={s.list}>
          {list.map((p) => (
            <li key={p._id} style={s.item}>
              <span>
                <RouterLink to={paths.product.to(p._id)} style={s.link}>
                  {p.name}
                </RouterLink>{' '}
                <span style={muted}>{formatPrice(p.price)}</span>
              </span>
              {action(p)}
            </li>
          ))}
        </ul>
      </section>
    );

  return (
    <>
      {(fitsOn.data?.items.length ?? 0) > 0 && (
        <p style={{ ...text, marginTop: 24 }} data-testid="product-fits">
          <span style={{ fontWeight: 700 }}>{m.fits}</span>{' '}
          {fitsOn.data?.items.map((machine, i) => (
            <span key={machine._id}>
              {i > 0 && ', '}
              <RouterLink to={paths.product.to(machine._id)} style={s.link}>
                {machine.name}
              </RouterLink>
            </span>
          ))}
        </p>
      )}
      {product.documents.length > 0 && (
        <section style={s.section} aria-label={m.documents}>
          <h2 style={s.heading}>{m.documents}</h2>
          <ul style={s.list}>
            {product.documents.map((d) => (
              <li key={d._id} style={s.item}>
                <a href={`${env.API_URL}/documents/${d._id}`} target="_blank" rel="noopener noreferrer" style={s.link}>
                  {d.name}
                  <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}> {m.opensInNewTab}</span>
                </a>
                <span style={muted}>{m.documentMeta(m.kinds[d.kind] ?? d.kind, formatBytes(d.size))}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {linked && fits.isError && <ErrorMessage onRetry={() => void fits.refetch()}>{errorMessage(fits.error, m.loadFailed)}</ErrorMessage>}
      {partList(m.parts, parts)}
      {partList(m.accessories, accessories)}
    </>
  );
}
