/**
 * Copy that a seller changes to make the store theirs: name, banner, contact
 * details, footer links and social accounts, the home page's About and stats,
 * /landing and /portfolio. Components (and index.html) read it from here only.
 * The longer texts of /about and the policy pages are in site-documents.ts.
 */
export type SocialNetwork = 'facebook' | 'linkedin' | 'youtube';

export interface FooterLink {
  label: string;
  /** An app path (starts with `/`) or an external URL (`mailto:`, `tel:`, `https:`). */
  href: string;
}

const contact = {
  email: 'sales@ironclad-machinery.example',
  phone: '+1 (555) 014-2290',
  address: '42 Foundry Road, Pittsburgh, PA 15201',
};

export const site = {
  storeName: 'Ironclad Machinery',
  tagline: 'Industrial equipment you can count on',
  authorName: 'Ironclad Machinery Ltd.',
  banner: {
    eyebrow: 'Industrial machinery & equipment',
    title: 'Faulty equipment? We replace it within 2 months.',
    text:
      'Generators, compressors, welders, pumps and heavy tools from trusted makers. ' +
      'If a machine you bought from us turns out faulty, we replace it within 2 months of delivery, free of charge.',
    cta: 'Browse equipment',
    highlights: ['2-month replacement guarantee', 'Bulk orders & minimum quantities', 'Delivery to your site'],
  },
  contact,
  footer: {
    services: [
      { label: 'Equipment sales', href: '/products' },
      { label: 'Bulk & trade orders', href: '/products' },
      { label: 'Replacement guarantee', href: '/#warranty' },
    ],
    company: [
      { label: 'About us', href: '/about' },
      { label: 'Blog', href: '/blog' },
      { label: 'Contact sales', href: `mailto:${contact.email}` },
    ],
    legal: [
      { label: 'Terms of sale', href: '/terms' },
      { label: 'Privacy policy', href: '/privacy' },
      { label: 'Warranty policy', href: '/warranty' },
    ],
  } satisfies Record<string, FooterLink[]>,
  social: [
    { network: 'facebook', label: 'Ironclad Machinery on Facebook', href: 'https://www.facebook.com/' },
    { network: 'linkedin', label: 'Ironclad Machinery on LinkedIn', href: 'https://www.linkedin.com/' },
    { network: 'youtube', label: 'Ironclad Machinery on YouTube', href: 'https://www.youtube.com/' },
  ] satisfies { network: SocialNetwork; label: string; href: string }[],
  // The home page's About and stats, /landing and /portfolio (issue 7).
  description: 'New and reconditioned industrial machinery and equipment, with faulty units replaced within 2 months.',
  about: {
    eyebrow: 'About us',
    title: 'Over 320 projects and $150 million of machinery delivered',
    text:
      'For twenty years we have equipped workshops, farms and building sites. Our engineers have completed over 320 projects ' +
      'and supplied more than $150 million worth of equipment: installed, tested and kept running.',
    // On /about (where More About Us leads), with the text above.
    more:
      'We buy from makers we have worked with for years, test every machine before it ships and keep spare parts in stock, ' +
      'so a breakdown costs you hours, not weeks.',
    figures: [
      { value: '320+', label: 'projects completed' },
      { value: '$150M', label: 'of equipment delivered' },
    ],
  },
  stats: [
    { label: 'Total Products', value: '5M', note: '40% more than last month' },
    { label: 'Total Order', value: '2.6 M', note: '21% more than last month' },
    { label: 'Served', value: '1M', note: '1M Served this month' },
    { label: 'Tasks done', value: '47%', note: '31 tasks remaining', valueFirst: true },
  ],
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
