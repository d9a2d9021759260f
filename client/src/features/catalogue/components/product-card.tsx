import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { CSSProperties, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ButtonLink, PlainButton, type ButtonSize, type ButtonTone } from '@/components/ui/button-link';
import { pictureBox, ProductPicture } from '@/components/ui/product-picture';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import type { Product } from '@/types/api';
import { formatPrice, truncate } from '@/utils/format';

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
    <Box component="span" sx={{ display: look.fullWidth ? 'grid' : 'inline-grid', gap: 0.5 }}>
      <Box component="span" id={note} data-testid="out-of-stock" sx={{ color: 'error.main', fontWeight: 800, textAlign: 'center' }}>
        {messages.catalogue.outOfStock}
      </Box>
      <PlainButton type="button" disabled aria-label={label} aria-describedby={note} {...look}>
        {messages.catalogue.purchase}
      </PlainButton>
    </Box>
  );
}

/** `actions`: more calls to action under Purchase (Add to quote on /products). */
export function ProductCard({ product, actions }: { product: Product; actions?: ReactNode }) {
  const productPage = paths.product.to(product._id);
  return (
    <Card
      component="article"
      data-testid="product-card"
      aria-labelledby={`product-${product._id}-name`}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        transition: 'box-shadow .2s, transform .2s',
        '&:hover': { boxShadow: '0 12px 28px rgba(20,24,29,.12)', transform: 'translateY(-2px)' },
        '@media (prefers-reduced-motion: reduce)': { '&:hover': { transform: 'none' } },
      }}
    >
      {/* The picture links to the product page too; the name's link is the one keyboard stop. */}
      <Box
        component={RouterLink}
        to={productPage}
        tabIndex={-1}
        data-testid="product-card-image-link"
        sx={{ display: 'block', bgcolor: 'surface.muted', ...pictureBox }}
      >
        <ProductPicture src={product.image} alt={product.name} lazy />
      </Box>
      <Box sx={{ p: 2.5, display: 'flex', flexDirection: 'column', flexGrow: 1, gap: 1 }}>
        <Typography
          id={`product-${product._id}-name`}
          variant="subtitle1"
          component="h3"
          sx={{ fontWeight: 800, fontSize: '0.95rem', letterSpacing: '0.03em', lineHeight: 1.35 }}
        >
          <Box
            component={RouterLink}
            to={productPage}
            sx={{
              color: 'inherit',
              textDecoration: 'none',
              borderRadius: 0.5,
              '&:hover': { textDecoration: 'underline' },
            }}
          >
            {product.name.toUpperCase()}
          </Box>
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 800 }}>
          {formatPrice(product.price)}
        </Typography>
        <Box sx={{ display: 'grid', gap: 0.25 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {messages.catalogue.available(product.avaialbequantit)}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {messages.catalogue.minimumOrder(product.minimumquantity)}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {truncate(product.description, DESCRIPTION_PREVIEW_CHARS)}
        </Typography>
        <PurchaseAction product={product} tone="secondary" fullWidth style={{ marginTop: 8, letterSpacing: '0.08em' }} />
        {actions}
      </Box>
    </Card>
  );
}
