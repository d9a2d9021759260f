/**
 * The catalogue's public API: the one module of this feature that other
 * features may import (client/README.md, "Features and their boundaries").
 * Only the product query: its screens are imported by the routes, lazily.
 */
export { getProductQueryOptions, useProduct } from './api/get-product';
