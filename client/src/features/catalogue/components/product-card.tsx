import type { CSSProperties, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ButtonLink, PlainButton, type ButtonSize, type ButtonTone } from '@/components/ui/button-link';
import { classNames } from '@/components/ui/class-names';
import { pictureFrame, ProductPicture } from '@/components/ui/product-picture';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import type { Product } from '@/types/api';
import { formatPrice, truncate } from '@/utils/format';
import s from './product-card.module.css';

export const DESCRIPTION_PREVIEW_CHARS = 30;

/**
 * Whether a buyer can order the product's minimum quantity now (the server's
 * inStock filter and JSON-LD availability say the same). Sales can take the
 * stock below the minimum, so this is read from the product, not kept.
 */
export const canBuy = (p: Pick<Product, 'avaialbequantit' | 'minimumquantity'>) => p.avaialbequantit > 0 && p.avaialbequantit >= p.minimumquantity;

interface PurchaseActionProps {
  product: Product;
  tone: ButtonTone;
  size?: ButtonSize;
  fullWidth?: boolean;
  style?: CSSProperties;
}

/**
 * PURCHASE, a link to the purchase page; for a product out of stock, "Out of
 * stock" and a disabled PURCHASE button (no link). The two differ in one place,
 * so that a server-rendered page can carry both and keep one (the prerender's
 * stock variants). In here, not a module of its own: the card is in the first load of `/`.
 */
export function PurchaseAction({ product, ...look }: PurchaseActionProps) {
  const label = messages.catalogue.purchaseLabel(product.name);
  if (canBuy(product)) {
    return (
      <ButtonLink to={paths.purchase.to(product._id)} aria-label={label} {...look}>
        {messages.catalogue.purchase}
      </ButtonLink>
    );
  }
  const note = `out-of-stock-${product._id}`;
  return (
    <span className={classNames(s.soldOut, look.fullWidth && s.soldOutWide)}>
      <span id={note} data-testid="out-of-stock" className={s.soldOutNote}>
        {messages.catalogue.outOfStock}
      </span>
      <PlainButton type="button" disabled aria-label={label} aria-describedby={note} {...look}>
        {messages.catalogue.purchase}
      </PlainButton>
    </span>
  );
}

/** `actions`: more calls to action under Purchase (Add to quote on /products). Drawn without MUI: the cards are on the first screen of `/`. */
export function ProductCard({ product, actions }: { product: Product; actions?: ReactNode }) {
  const productPage = paths.product.to(product._id);
  return (
    <article data-testid="product-card" aria-labelledby={`product-${product._id}-name`} className={s.card}>
      {/* The picture links to the product page too; the name's link is the one keyboard stop. */}
      <RouterLink to={productPage} tabIndex={-1} data-testid="product-card-image-link" className={classNames(s.pictureLink, pictureFrame)}>
        <ProductPicture src={product.image} alt={product.name} lazy />
      </RouterLink>
      <div className={s.body}>
        <h3 id={`product-${product._id}-name`} className={s.name}>
          <RouterLink to={productPage} className={s.nameLink}>
            {product.name.toUpperCase()}
          </RouterLink>
        </h3>
        <p className={s.price}>{formatPrice(product.price)}</p>
        <div className={s.quantities}>
          <p className={classNames(s.small, s.strong)}>{messages.catalogue.available(product.avaialbequantit)}</p>
          <p className={classNames(s.small, s.strong)}>{messages.catalogue.minimumOrder(product.minimumquantity)}</p>
        </div>
        <p className={classNames(s.small, s.description)}>{truncate(product.description, DESCRIPTION_PREVIEW_CHARS)}</p>
        <PurchaseAction product={product} tone="secondary" fullWidth style={{ marginTop: 8, letterSpacing: '0.08em' }} />
        {actions}
      </div>
    </article>
  );
}
