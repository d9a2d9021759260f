import type { CSSProperties } from 'react';
import { PlainButton, type ButtonSize, type ButtonTone } from '@/components/ui/button-link';
import { Icon } from '@/components/ui/icon';
import { cartMessages } from '@/config/cart-messages';
import { useToast } from '@/lib/toast';
import type { Product } from '@/types/api';
import { addToCart } from '../utils/cart-actions';

const m = cartMessages.cart;

interface AddToCartButtonProps {
  product: Pick<Product, '_id' | 'name' | 'minimumquantity' | 'avaialbequantit'>;
  /** How many pieces to add: the product's minimum unless given (the purchase page's quantity field). */
  quantity?: () => number | null;
  tone?: ButtonTone;
  size?: ButtonSize;
  fullWidth?: boolean;
  style?: CSSProperties;
}

/**
 * "Add to cart": adds the product's minimum (or `quantity`) to the cart,
 * under the purchase page's rules (the line stays within minimum and stock,
 * or the purchase page's messages say why not). It looks the same whatever
 * the cart holds, so that a page rendered on the server matches.
 */
export function AddToCartButton({ product, quantity, tone = 'outlined', size, fullWidth, style }: AddToCartButtonProps) {
  const toast = useToast();
  const soldOut = product.avaialbequantit < product.minimumquantity || product.avaialbequantit <= 0;
  return (
    <PlainButton
      type="button"
      tone={tone}
      size={size}
      fullWidth={fullWidth}
      disabled={soldOut}
      aria-label={m.addToCartLabel(product.name)}
      style={style}
      onClick={() => {
        const pieces = quantity ? quantity() : product.minimumquantity;
        if (pieces === null) return; // the form says what is wrong with its field
        const check = addToCart(product, pieces);
        if (check.ok) toast.success(m.added(product.name, check.quantity));
        else toast.error(check.message);
      }}
    >
      <Icon name="addShoppingCart" size="small" />
      {m.addToCart}
    </PlainButton>
  );
}
