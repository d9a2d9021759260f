/**
 * The companies' public API: the one module of this feature that other features may import (client/README.md,
 * "Features and their boundaries"). The caller's own company (a member's checkout reads its name and PO rule), and the
 * choice of paying on account (the checkout's and a quote's acceptance).
 */
export { useCompanies } from './api/get-companies';
export { PaymentChoice, type Payment } from './components/payment-choice';
