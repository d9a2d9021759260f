import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ShoppingCartCheckoutIcon from '@mui/icons-material/ShoppingCartCheckout';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { DeleteButton } from '@/components/ui/delete-button';
import { ErrorMessage } from '@/components/ui/error-message';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { OrderTotal } from '@/components/ui/order-total';
import { Thumbnail } from '@/components/ui/thumbnail';
import { cartMessages } from '@/config/cart-messages';
import { orderMessages } from '@/config/order-messages';
import { priceMessages } from '@/config/price-messages';
import { paths } from '@/config/paths';
import { useTaxRate } from '@/lib/public-config';
import { useToast } from '@/lib/toast';
import { formatCents } from '@/utils/format';
import { rateInHundredths, unitCents } from '@/utils/money';
import { checkQuantity } from '@/utils/quantity';
import { cartFigures, rowUnitCents, useCartRows, type CartRow } from '../api/cart-products';
import { useShippingMethods } from '../api/delivery';
import { removeFromCart, setCartQuantity } from '../utils/cart-actions';
import { MAX_CART_LINES, useCartState } from '../store/cart-store';

const m = cartMessages.cart;

/** Issue 48: the delivery options, loaded only when the shop has some. */
const CartDelivery = lazy(() => import('./cart-delivery'));

/** Whether every line can be ordered as it stands: its product known, its quantity within the purchase rules. */
export function linesReady(rows: readonly CartRow[], drafts: Record<string, string> = {}): boolean {
  return rows.length > 0 && rows.every((row) => row.product && checkQuantity(drafts[row.productId] ?? String(row.quantity), row.product.minimumquantity, row.product.avaialbequantit).ok);
}

function CartLineItem({ row, draft, onDraft }: { row: CartRow; draft: string | undefined; onDraft: (value: string | undefined) => void }) {
  const toast = useToast();
  const { product } = row;
  const nameId = `cart-line-${row.productId}`;
  const remove = (name?: string) => {
    removeFromCart(row.productId);
    if (name) toast.success(m.removed(name));
  };
  if (!product) {
    return (
      <Box component="li" data-testid="cart-line" sx={{ display: 'grid', gap: 1, py: 2 }}>
        {row.gone ? <Typography>{m.productGone}</Typography> : row.failed ? <ErrorMessage onRetry={() => void row.refetch()}>{m.productLoadFailed}</ErrorMessage> : <LoadingSpinner minHeight={48} />}
        {(row.gone || row.failed) && (
          <Box>
            <DeleteButton onClick={() => remove()}>{m.remove}</DeleteButton>
          </Box>
        )}
      </Box>
    );
  }
  const value = draft ?? String(row.quantity);
  const check = checkQuantity(value, product.minimumquantity, product.avaialbequantit);
  const unit = rowUnitCents(row, check.ok ? check.quantity : row.quantity);
  const cents = check.ok ? unit * check.quantity : null;
  return (
    <Box
      component="li"
      data-testid="cart-line"
      aria-labelledby={nameId}
      sx={{ display: 'grid', gap: 2, py: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 2fr) minmax(0, 1.2fr) auto' } }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
        <Thumbnail src={product.image} width={64} height={48} />
        <Box sx={{ minWidth: 0 }}>
          <Link component={RouterLink} to={paths.product.to(product._id)} id={nameId} sx={{ fontWeight: 800, color: 'text.primary', overflowWrap: 'anywhere' }}>
            {product.name}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {formatCents(unit)} {orderMessages.orders.perPiece}
            {row.price && unit !== unitCents(product.price, check.ok ? check.quantity : row.quantity, product.tiers) && ` · ${priceMessages.ownNote}`}
          </Typography>
        </Box>
      </Box>
      <TextField
        label={orderMessages.orders.quantity}
        type="number"
        size="small"
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          const nextCheck = checkQuantity(next, product.minimumquantity, product.avaialbequantit);
          if (nextCheck.ok) {
            setCartQuantity(row.productId, nextCheck.quantity);
            onDraft(undefined);
          } else onDraft(next);
        }}
        error={!check.ok}
        helperText={check.ok ? orderMessages.orders.quantityHint(product.minimumquantity, product.avaialbequantit) : check.message}
        slotProps={{ htmlInput: { min: product.minimumquantity, max: product.avaialbequantit, step: 1, inputMode: 'numeric', 'aria-label': m.quantityLabel(product.name) } }}
      />
      <Box sx={{ display: 'grid', gap: 1, justifyItems: { xs: 'start', sm: 'end' } }}>
        <Typography sx={{ fontWeight: 800 }} data-testid="cart-line-total">
          {cents === null ? '–' : formatCents(cents)}
        </Typography>
        <DeleteButton onClick={() => remove(product.name)} aria-label={m.removeLabel(product.name)}>
          {m.remove}
        </DeleteButton>
      </Box>
    </Box>
  );
}

/**
 * /cart: the lines, each with its quantity (the purchase page's rules) and Remove; the subtotal, tax and
 * total the checkout will charge (computed here as the server computes them, at GET /config's rate; a
 * dash while a quantity is not one to order), and Checkout. When the shop has shipping methods (issue 48), the
 * delivery options with their prices and dates instead, and the server's figures for the chosen one.
 */
export function CartView() {
  const { rows, loading } = useCartRows();
  const rate = useTaxRate();
  const { dropped = 0 } = useCartState();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const withDelivery = (useShippingMethods().data?.length ?? 0) > 0;
  if (rows.length === 0) {
    return (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Typography data-testid="cart-empty">{m.empty}</Typography>
        <ButtonLink to={paths.products} tone="primary">
          {m.browse}
        </ButtonLink>
      </Box>
    );
  }
  const ready = !loading && linesReady(rows, drafts);
  const figures = ready && rate !== undefined ? cartFigures(rows, rateInHundredths(rate)) : null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {dropped > 0 && (
        <Typography role="status" data-testid="cart-dropped" sx={{ fontWeight: 600 }}>
          {m.dropped(dropped, MAX_CART_LINES)}
        </Typography>
      )}
      <Box component="ul" aria-label={m.linesLabel} sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
        {rows.map((row) => (
          <CartLineItem
            key={row.productId}
            row={row}
            draft={drafts[row.productId]}
            onDraft={(value) =>
              setDrafts((d) => {
                const rest = Object.fromEntries(Object.entries(d).filter(([key]) => key !== row.productId));
                return value === undefined ? rest : { ...rest, [row.productId]: value };
              })
            }
          />
        ))}
      </Box>
      {withDelivery && (
        <Suspense fallback={<LoadingSpinner minHeight="8rem" />}>
          <CartDelivery body={ready ? { items: rows.map((row) => ({ productId: row.productId, quantity: row.quantity })) } : null} />
        </Suspense>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: withDelivery ? 'flex-end' : 'space-between', gap: 2, borderTop: 2, borderColor: 'divider', pt: 2 }}>
        {!withDelivery && <OrderTotal figures={figures} rate={rate} sx={{ flex: '1 1 16rem', maxWidth: { sm: '24rem' } }} />}
        <Button component={RouterLink} to={paths.checkout} variant="contained" size="large" startIcon={<ShoppingCartCheckoutIcon />} disabled={!ready}>
          {m.checkout}
        </Button>
      </Box>
      {!loading && !ready && <ErrorMessage>{m.fixLines}</ErrorMessage>}
    </Box>
  );
}
