/**
 * The dashboard's menu and page titles. Kept apart from messages.ts because
 * only the lazy dashboard pages use them: messages.ts is part of the first
 * load of `/`.
 */
export const dashboardMessages = {
  title: 'Dashboard',
  menuLabel: 'Dashboard menu',
  openMenu: 'Dashboard menu',
  /** The small-screen menu button's visible text (its name stays openMenu, which contains it). */
  openMenuShort: 'Menu',
  closeMenu: 'Close dashboard menu',
  accountSection: 'My account',
  adminSection: 'Administration',
  roleAdmin: 'Admin',
  roleCustomer: 'Customer',
  myProfile: 'My Profile',
  addReview: 'Add Review',
  myOrder: 'My Orders',
  addProduct: 'Add Product',
  manageOrder: 'Manage Orders',
  manageProduct: 'Manage Products',
  categories: 'Categories',
  shipping: 'Shipping Methods',
  makeAdmin: 'Make Admin',
  inbox: 'Inbox',
  sales: 'Sales',
  myQuotes: 'My Quotes',
  myClaims: 'My Claims',
  /** Issue 45: a customer's business account; the admins' list of companies. */
  myCompany: 'My Company',
  companies: 'Companies',
  quotes: 'Quotes',
  claims: 'Claims',
  outbox: 'Outbox',
  reviews: 'Reviews',
  notifications: 'Notifications',
  audit: 'Audit trail',
  taxExemptions: 'Tax exemptions',
  account: 'Account',
} as const;
