/**
 * The orders' public API: the one module of this feature that other features
 * may import (client/README.md, "Features and their boundaries").
 */
export { useMyOrders } from './api/get-my-orders';
