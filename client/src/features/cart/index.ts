/**
 * The cart's public API: the one module of this feature that other features
 * may import (client/README.md, "Features and their boundaries"). Small on
 * purpose: the header's badge uses it, and the header is in the first load of
 * `/`; the cart's pages and buttons are imported by the routes, lazily.
 */
export { useCartCount } from './store/cart-store';
