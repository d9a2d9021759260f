import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { pictureBox, ProductPicture } from '@/components/ui/product-picture';
import { Link as RouterLink } from 'react-router';
import { ButtonLink, PlainButton } from '@/components/ui/button-link';
import { catalogueMessages } from '@/config/catalogue-messages';
import { categoryMessages } from '@/config/category-messages';
import { paths } from '@/config/paths';
import { messages } from '@/config/messages';
import type { Product } from '@/types/api';
import { formatPrice } from '@/utils/format';
import { GalleryThumbnails, productImages } from './product-gallery';


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
 * send the same markup first and the client take it over.
 */
export function ProductDetails({ product, actions }: ProductDetailsProps) {
  return (
    <Box
      component="article"
      aria-labelledby="product-name"
      data-testid="product-details"
      sx={{
        display: 'grid',
        gap: { xs: 3, md: 5 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
        alignItems: 'start',
      }}
    >
      <Box
        sx={{
          bgcolor: 'background.default',
          border: 1,
          borderColor: 'divider',
          borderRadius: 3,
          position: 'relative',
          ...pictureBox,
        }}
      >
        <ProductPicture src={product.image} alt={product.name} priority />
        <GalleryThumbnails name={product.name} images={productImages(product)} />
      </Box>

      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography
          id="product-name"
          variant="h3"
          component="h1"
          sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, lineHeight: 1.2, overflowWrap: 'anywhere' }}
        >
          {product.name}
        </Typography>

        <Typography component="p" sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1 }}>
          <Box component="span" data-testid="product-price" sx={{ fontWeight: 800, fontSize: '2rem' }}>
            {formatPrice(product.price)}
          </Box>
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 600 }}>
            {m.perPiece}
          </Box>
        </Typography>

        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5, fontWeight: 600 }}>
          <li>{messages.catalogue.available(product.avaialbequantit)}</li>
          <li>{messages.catalogue.minimumOrder(product.minimumquantity)}</li>
        </Box>

        <Box data-testid="product-actions" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {/* The card's PurchaseAction, written again: importing product-card.tsx here would split the first
              load of / into one more chunk (the card and the card grid would no longer share one). */}
          {product.avaialbequantit > 0 && product.avaialbequantit >= product.minimumquantity ? (
            <ButtonLink to={paths.purchase.to(product._id)} tone="primary" size="large" aria-label={messages.catalogue.purchaseLabel(product.name)} style={purchaseStyle}>
              {messages.catalogue.purchase}
            </ButtonLink>
          ) : (
            <Box component="span" sx={{ display: 'inline-grid', gap: 0.5 }}>
              <Box component="span" id="product-out-of-stock" data-testid="out-of-stock" sx={{ color: 'error.main', fontWeight: 800, textAlign: 'center' }}>
                {messages.catalogue.outOfStock}
              </Box>
              <PlainButton type="button" disabled tone="primary" size="large" aria-label={messages.catalogue.purchaseLabel(product.name)} aria-describedby="product-out-of-stock" style={purchaseStyle}>
                {messages.catalogue.purchase}
              </PlainButton>
            </Box>
          )}
          {actions}
        </Box>

        <Box component="section" aria-labelledby="product-description-title" sx={{ mt: 1 }}>
          <Typography id="product-description-title" variant="h6" component="h2" sx={{ mb: 1 }}>
            {m.description}
          </Typography>
          <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', lineHeight: 1.7, overflowWrap: 'anywhere' }}>
            {product.description}
          </Typography>
        </Box>

        {(product.sku || product.category) && (
          <Box component="dl" data-testid="product-identifiers" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}>
            {product.sku && (
              <>
                <Box component="dt" sx={{ fontWeight: 700 }}>
                  {c.sku}
                </Box>
                <Box component="dd" data-testid="product-sku" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {product.sku}
                </Box>
              </>
            )}
            {product.category && (
              <>
                <Box component="dt" sx={{ fontWeight: 700 }}>
                  {c.category}
                </Box>
                <Box component="dd" sx={{ m: 0 }}>
                  <Box component={RouterLink} to={categoryPage(product.category)} sx={{ color: 'info.main', fontWeight: 700 }}>
                    {product.category}
                  </Box>
                </Box>
              </>
            )}
          </Box>
        )}

        {(product.specs ?? []).length > 0 && (
          <Box component="section" aria-labelledby="product-specs-title">
            <Typography id="product-specs-title" variant="h6" component="h2" sx={{ mb: 1 }}>
              {c.specs}
            </Typography>
            <Box
              component="table"
              sx={{
                width: '100%',
                borderCollapse: 'collapse',
                '& th, & td': { textAlign: 'left', py: 1, px: 1.5, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' },
                '& th': { fontWeight: 700, width: '45%' },
              }}
            >
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
            </Box>
          </Box>
        )}
      </Box>
    </Box>
  );
}
