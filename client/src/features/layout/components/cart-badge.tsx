import { useLocation } from 'react-router';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { useCartCount } from '@/features/cart';
import s from './cart-badge.module.css';
import { ACTIVE_LINK_STYLE, NavAnchor } from './nav-links';

/** Material's ShoppingCartOutlined path, drawn inline (SvgIcon would join the first load, as MenuIcon says). */
const CART_ICON_PATH =
  'M15.55 13c.75 0 1.41-.41 1.75-1.03l3.58-6.49A.996.996 0 0 0 20.01 4H5.21l-.94-2H1v2h2l3.6 7.59-1.35 2.44C4.52 15.37 5.48 17 7 17h12v-2H7l1.1-2zM6.16 6h12.15l-2.76 5H8.53zM7 18c-1.1 0-1.99.9-1.99 2S5.9 22 7 22s2-.9 2-2-.9-2-2-2m10 0c-1.1 0-1.99.9-1.99 2s.89 2 1.99 2 2-.9 2-2-.9-2-2-2';

/** The header's cart: an icon link to /cart with the number of products in it. Small and eager: it is in the first load. */
export function CartBadge() {
  const count = useCartCount();
  const active = useLocation().pathname === paths.cart;
  return (
    <NavAnchor
      to={paths.cart}
      aria-label={messages.nav.cart(count)}
      aria-current={active ? 'page' : undefined}
      style={{ position: 'relative', padding: 8, ...(active && ACTIVE_LINK_STYLE) }}
      data-testid="cart-badge"
    >
      <svg viewBox="0 0 24 24" width={24} height={24} fill="currentColor" aria-hidden="true" focusable="false">
        <path d={CART_ICON_PATH} />
      </svg>
      {count > 0 && (
        <span className={s.count} aria-hidden="true" data-testid="cart-count">
          {count}
        </span>
      )}
    </NavAnchor>
  );
}
