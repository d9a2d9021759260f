import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ButtonLink, PlainButton } from '@/components/ui/button-link';
import { classNames } from '@/components/ui/class-names';
import { pictureFrame, ProductPicture } from '@/components/ui/product-picture';
import { catalogueMessages } from '@/config/catalogue-messages';
import { categoryMessages } from '@/config/category-messages';
import { paths } from '@/config/paths';
import { messages } from '@/config/messages';
import type { Product } from '@/types/api';
import { formatPrice } from '@/utils/format';
import { GalleryThumbnails, productImages } from './product-gallery';
import s from './product-details.module.css';

const m = catalogueMessages.product;
const c = categoryMessages.product;
const purchaseStyle = { minWidth: 200, letterSpacing: '0.08em' } as const;

/** A category's page: the catalogue filtered by it (the sitemap lists these). */
export const categoryPage = (category: string) => `${paths.products}?category=${encodeURIComponent(category)}`;

interface ProductDetailsProps {
  product: Product;
  /** More calls to action after Purchase (a quote request, once there is one). */
  actions?: ReactNode;
}

/**
 * The product block of /product/:id: picture, name, price, stock, minimum
 * order, Purchase and the full description. It renders from the product
 * alone (no fetch of its own, nothing that appears later), so a server can
 * send the same markup first and the client take it over. Drawn without MUI.
 */
export function ProductDetails({ product, actions }: ProductDetailsProps) {
  return (
    <article aria-labelledby="product-name" data-testid="product-details" className={s.details}>
      <div className={classNames(s.frame, pictureFrame)}>
        <ProductPicture src={product.image} alt={product.name} priority />
        <GalleryThumbnails name={product.name} images={productImages(product)} />
      </div>

      <div className={s.info}>
        <h1 className={s.name} id="product-name">
          {product.name}
        </h1>

        <p className={classNames(s.body, s.priceLine)}>
          <span className={s.price} data-testid="product-price">
            {formatPrice(product.price)}
          </span>
          <span className={s.perPiece}>{m.perPiece}</span>
        </p>

        <ul className={s.quantities}>
          <li>{messages.catalogue.available(product.avaialbequantit)}</li>
          <li>{messages.catalogue.minimumOrder(product.minimumquantity)}</li>
        </ul>

        <div data-testid="product-actions" className={s.actions}>
          {/* The card's PurchaseAction, written again: importing product-card.tsx here would split the first
              load of / into one more chunk (the card and the card grid would no longer share one). */}
          {product.avaialbequantit > 0 && product.avaialbequantit >= product.minimumquantity ? (
            <ButtonLink to={paths.purchase.to(product._id)} tone="primary" size="large" aria-label={messages.catalogue.purchaseLabel(product.name)} style={purchaseStyle}>
              {messages.catalogue.purchase}
            </ButtonLink>
          ) : (
            <span className={s.soldOut}>
              <span id="product-out-of-stock" data-testid="out-of-stock" className={s.soldOutNote}>
                {messages.catalogue.outOfStock}
              </span>
              <PlainButton type="button" disabled tone="primary" size="large" aria-label={messages.catalogue.purchaseLabel(product.name)} aria-describedby="product-out-of-stock" style={purchaseStyle}>
                {messages.catalogue.purchase}
              </PlainButton>
            </span>
          )}
          {actions}
        </div>

        <section aria-labelledby="product-description-title" className={s.description}>
          <h2 id="product-description-title" className={s.heading}>
            {m.description}
          </h2>
          <p className={classNames(s.body, s.descriptionText)}>{product.description}</p>
        </section>

        {(product.sku || product.category) && (
          <dl data-testid="product-identifiers" className={s.identifiers}>
            {product.sku && (
              <>
                <dt>{c.sku}</dt>
                <dd data-testid="product-sku" className={s.sku}>
                  {product.sku}
                </dd>
              </>
            )}
            {product.category && (
              <>
                <dt>{c.category}</dt>
                <dd>
                  <RouterLink to={categoryPage(product.category)} className={s.category}>
                    {product.category}
                  </RouterLink>
                </dd>
              </>
            )}
          </dl>
        )}

        {(product.specs ?? []).length > 0 && (
          <section aria-labelledby="product-specs-title">
            <h2 id="product-specs-title" className={s.heading}>
              {c.specs}
            </h2>
            <table className={s.specs}>
              <thead>
                <tr>
                  <th scope="col">{c.specName}</th>
                  <th scope="col">{c.specValue}</th>
                </tr>
              </thead>
              <tbody>
                {(product.specs ?? []).map((spec, i) => (
                  <tr key={i}>
                    <th scope="row">{spec.name}</th>
                    <td>{spec.unit ? `${spec.value} ${spec.unit}` : spec.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </div>
    </article>
  );
}
