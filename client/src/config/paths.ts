/** A page of one thing by its id: its route pattern, and the link to one. */
const byId = <Base extends string>(base: Base) => ({
  pattern: `${base}/:id` as const,
  to: (id: string) => `${base}/${encodeURIComponent(id)}`,
});

/** Every route path of the app, in one place. Build links with these, never string literals. */
export const paths = {
  home: '/',
  homeAlias: '/home',
  products: '/products',
  /** /products with a name search in the URL (`?q=`, the API's own name); an empty query opens the whole catalogue. */
  productSearch: (query: string) => {
    const q = query.trim();
    return q ? `/products?${new URLSearchParams({ q })}` : '/products';
  },
  product: byId('/product'),
  purchase: byId('/purchase'),
  /** Paying a purchase by its id (a single order's id is its purchase's): the spec's route, for every purchase. */
  payment: byId('/payment'),
  /** The cart (issue 34): anyone; checking it out asks to sign in. */
  cart: '/cart',
  checkout: '/checkout',
  /** Quick order by SKU (issue 49): signed in. */
  quickOrder: '/quick-order',
  /** A cart's payment page before issue 43: the payment page too (every purchase is paid at /payment/:id now). */
  oldGroupPayment: '/payment/group/:id',
  /** The quote list: the items a customer gathers, then sends as one quote request (issue 14). */
  quote: '/quote',
  login: '/login',
  register: '/register',
  /** The account's own security (issue 29): the mailed links open the last two (`?token=`). */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  /** A company invitation's mailed link (`?token=`, issue 45). */
  join: '/join',
  dashboard: {
    root: '/dashboard',
    myProfile: '/dashboard/myprofile',
    addReview: '/dashboard/addreview',
    myOrder: '/dashboard/myorder',
    /** A purchase's page (issues 34, 43), by the purchase's id: its lines, history, invoice. */
    order: byId('/dashboard/order'),
    addProduct: '/dashboard/addproduct',
    manageOrder: '/dashboard/manageorder',
    manageProduct: '/dashboard/manageproduct',
    categories: '/dashboard/categories',
    shipping: '/dashboard/shipping',
    makeAdmin: '/dashboard/makeadmin',
    inbox: '/dashboard/inbox',
    sales: '/dashboard/sales',
    myQuotes: '/dashboard/myquotes',
    myClaims: '/dashboard/myclaims',
    quotes: '/dashboard/quotes',
    claims: '/dashboard/claims',
    outbox: '/dashboard/outbox',
    /** One e-mail of the outbox opened (issue 36). */
    outboxMail: byId('/dashboard/outbox'),
    /** Review moderation (issue 36). */
    reviews: '/dashboard/reviews',
    /** The admin's notifications of new work (issue 36). */
    notifications: '/dashboard/notifications',
    /** Verify again, two-step sign-in, change password, sessions, delete the account. */
    account: '/dashboard/account',
    /** The audit trail (issue 44). */
    audit: '/dashboard/audit',
    /** Issue 45: a customer's business account (My Company); to admins, every company (Companies). */
    company: '/dashboard/company',
    /** Issue 49: the admins' review of tax exemption certificates. */
    taxExemptions: '/dashboard/tax-exemptions',
    /** Manage Products with one product's edit dialog open. */
    editProduct: (id: string) => `/dashboard/manageproduct?edit=${encodeURIComponent(id)}`,
  },
  portfolio: '/portfolio',
  about: '/about',
  terms: '/terms',
  privacy: '/privacy',
  warranty: '/warranty',
  blog: '/blog',
  landing: '/landing',
  navbarPractice: '/navbarpractice',
  loading: '/loading',
  bannerTest: '/bannertest',
} as const;
