/**
 * The titles of the lazy pages and the not-found page. Kept apart from
 * messages.ts because only lazy code uses them: messages.ts is part of the
 * first load of `/`.
 */
export const pageMessages = {
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for has moved, or never existed.',
    imageAlt: 'A broken gear: this page could not be found',
  },
  pages: {
    products: 'Products',
    purchase: 'Purchase',
    payment: 'Payment',
    login: 'Login',
    register: 'Register',
    portfolio: 'Portfolio',
    blog: 'Blog',
    landing: 'Landing',
    navbarPractice: 'Navbar practice',
    loading: 'Loading',
    bannerTest: 'Banner test',
  },
} as const;
