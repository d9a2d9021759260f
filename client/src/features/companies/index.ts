/**
 * The companies' public API: the one module of this feature that other features may import (client/README.md,
 * "Features and their boundaries"). The caller's own company (a member's checkout reads its name and PO rule).
 */
export { useCompanies } from './api/get-companies';
