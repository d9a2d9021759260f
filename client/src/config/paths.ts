/** Every route path of the app, in one place. Build links with these, never string literals. */
export const paths = {
  home: '/',
  homeAlias: '/home',
  products: '/products',
  purchase: {
    pattern: '/purchase/:id',
    to: (id: string) => `/purchase/${encodeURIComponent(id)}`,
  },
  payment: {
    pattern: '/payment/:id',
    to: (id: string) => `/payment/${encodeURIComponent(id)}`,
  },
  login: '/login',
  register: '/register',
  dashboard: {
    root: '/dashboard',
    myProfile: '/dashboard/myprofile',
    addReview: '/dashboard/addreview',
    myOrder: '/dashboard/myorder',
    addProduct: '/dashboard/addproduct',
    manageOrder: '/dashboard/manageorder',
    manageProduct: '/dashboard/manageproduct',
    makeAdmin: '/dashboard/makeadmin',
    inbox: '/dashboard/inbox',
  },
  portfolio: '/portfolio',
  blog: '/blog',
  landing: '/landing',
  navbarPractice: '/navbarpractice',
  loading: '/loading',
  bannerTest: '/bannertest',
} as const;
