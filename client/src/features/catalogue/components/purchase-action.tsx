import Box from '@mui/material/Box';
import type { CSSProperties } from 'react';
import { ButtonLink, DisabledButtonLook, type ButtonSize, type ButtonTone } from '@/components/ui/button-link';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import type { Product } from '@/types/api';

/**
 * Whether a buyer can order the product's minimum quantity now (the server's
 * inStock filter and JSON-LD availability say the same). Sales can take the
 * stock below the minimum, so this is read from the product, not kept.
 */
export function canBuy(product: Pick<Product, 'avaialbequantit' | 'minimumquantity'>): boolean {
  return product.avaialbequantit > 0 && product.avaialbequantit >= product.minimumquantity;
}

interface PurchaseActionProps {
  product: Product;
  tone: ButtonTone;
  size?: ButtonSize;
  fullWidth?: boolean;
  style?: CSSProperties;
}

/**
 * PURCHASE, a link to the purchase page; for a product out of stock, "Out of
 * stock" and a PURCHASE that is not a link. The two are one element apart, so
 * that a server-rendered page can carry both and keep one (see the prerender's
 * stock variants).
 */
export function PurchaseAction({ product, tone, size, fullWidth, style }: PurchaseActionProps) {
  if (canBuy(product)) {
    return (
      <ButtonLink to={paths.purchase.to(product._id)} tone={tone} size={size} fullWidth={fullWidth} aria-label={messages.catalogue.purchaseLabel(product.name)} style={style}>
        {messages.catalogue.purchase}
      </ButtonLink>
    );
  }
  return (
    <Box component="span" sx={{ display: fullWidth ? 'grid' : 'inline-grid', gap: 0.5 }}>
      <Box component="span" data-testid="out-of-stock" sx={{ color: 'error.main', fontWeight: 800, textAlign: 'center' }}>
        {messages.catalogue.outOfStock}
      </Box>
      <DisabledButtonLook role="link" aria-disabled="true" aria-label={messages.catalogue.purchaseUnavailable(product.name)} size={size} fullWidth={fullWidth} style={style}>
        {messages.catalogue.purchase}
      </DisabledButtonLook>
    </Box>
  );
}
