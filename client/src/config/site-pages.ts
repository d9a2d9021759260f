/**
 * Seller copy of /landing and /portfolio (see site.ts): apart from site.ts,
 * which is part of the first load of `/`, as only these lazy pages use it.
 */
export const sitePages = {
  landing: {
    title: 'The machines that keep your work moving',
    text: 'Generators, compressors, welders and pumps from makers we trust, delivered to your site and replaced within 2 months if anything goes wrong.',
  },
  portfolio: {
    name: 'Sam Carter',
    role: 'Full-stack web developer',
    bio:
      'I design and build online stores for industrial sellers: fast catalogues, safe card payments and dashboards that staff enjoy using. ' +
      'This storefront, a Go API with MongoDB and a React client, is one of them.',
    location: 'Pittsburgh, PA',
    email: 'sam.carter@example.com',
    skills: ['React', 'TypeScript', 'Go', 'MongoDB', 'REST APIs', 'Stripe payments', 'Accessibility', 'Web performance'],
    links: [
      { network: 'github', label: 'GitHub', href: 'https://github.com/' },
      { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/' },
    ],
  },
} as const;
