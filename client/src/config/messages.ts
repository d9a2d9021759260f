/**
 * The UI strings of the shell and the home page (this file is part of the first
 * load of `/`), and those every page may need. Seller copy is in site.ts; the
 * other pages' strings are in their own `*-messages.ts` files (auth-messages.ts:
 * sign-in, sign-up and the password forms).
 */
export const messages = {
  nav: {
    home: 'Home',
    portfolio: 'Portfolio',
    blog: 'Blog',
    dashboard: 'Dashboard',
    login: 'Login',
    signOut: 'Sign Out',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    mainLabel: 'Main',
    drawerLabel: 'Site menu',
    skipToContent: 'Skip to content',
    search: 'Search products',
    searchPlaceholder: 'Search…',
    // The header's cart badge (issue 34): the count is of products (lines), not pieces.
    cart: (n: number) => (n === 0 ? 'Cart, empty' : n === 1 ? 'Cart, 1 product' : `Cart, ${n} products`),
  },
  common: {
    loading: 'Loading…',
    comingSoon: 'Coming soon',
    comingSoonText: 'We are still building this page. Please check back shortly.',
    backHome: 'Back to home',
    retry: 'Try again',
  },
  catalogue: {
    sectionTitle: 'Our Product',
    // The home section shows the catalogue's first five products (GET /service's order: the oldest first).
    sectionSubtitle: 'The first five machines in our catalogue: our longest-standing lines.',
    viewAll: 'View all products',
    available: (n: number) => `Available: ${n} Pcs`,
    minimumOrder: (n: number) => `Order-Minimum: ${n} pcs`,
    purchase: 'PURCHASE',
    purchaseLabel: (name: string) => `Purchase ${name}`,
    outOfStock: 'Out of stock',
    loadFailed: 'We could not load the products right now.',
    empty: 'No products yet. New machinery is on its way.',
  },
  reviews: {
    sectionTitle: 'What Our Customer Say',
    sectionSubtitle: 'Workshops, farms and contractors on buying from us.',
    rated: (n: number) => `Rated ${n} out of 5`,
    photoAlt: (name: string) => name,
    loadFailed: 'We could not load the reviews right now.',
    verifiedBuyer: 'Verified buyer',
    boughtProduct: (product: string) => `Bought ${product}`,
    empty: 'No reviews yet.',
    prevSlide: 'Previous reviews',
    nextSlide: 'Next reviews',
    carouselLabel: 'Customer reviews',
    /** Swiper fills in the slide number. */
    goToSlide: (n: string) => `Go to review ${n}`,
  },
  footer: {
    services: 'Services',
    company: 'Company',
    legal: 'Legal',
    contact: 'Contact',
    copyright: (year: number, author: string) => `Copyright © ${year} ${author}`,
  },
  toast: {
    close: 'Close',
  },
  errors: {
    network: 'The server could not be reached. Check your connection and try again.',
    unexpected: 'Something went wrong.',
  },
} as const;
