/**
 * Copy that a seller changes to make the store theirs: name, banner, contact
 * details, footer links and social accounts, the home page's About and stats.
 * Components (and index.html) read it from here only. This file is part of the
 * first load of `/`, so other pages' copy is apart: /landing and /portfolio in
 * site-pages.ts, the longer texts of /about and the policy pages in site-documents.ts.
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
  // The home page's About and stats (issue 7); /landing's and /portfolio's copy is in site-pages.ts, /about's in site-documents.ts.
  description: 'New and reconditioned industrial machinery and equipment, with faulty units replaced within 2 months.',
  about: {
    eyebrow: 'About us',
    title: 'Over 320 projects and $150 million of machinery delivered',
    text:
      'For twenty years we have equipped workshops, farms and building sites. Our engineers have completed over 320 projects ' +
      'and supplied more than $150 million worth of equipment: installed, tested and kept running.',
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
} as const;
