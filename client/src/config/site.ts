/**
 * Copy that a seller changes to make the store theirs: name, banner, contact
 * details, footer links and social accounts. Components read it from here only.
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
      { label: 'About us', href: '/portfolio' },
      { label: 'Blog', href: '/blog' },
      { label: 'Contact sales', href: `mailto:${contact.email}` },
    ],
    legal: [
      { label: 'Terms of sale', href: '/landing' },
      { label: 'Privacy policy', href: '/landing' },
      { label: 'Warranty policy', href: '/#warranty' },
    ],
  } satisfies Record<string, FooterLink[]>,
  social: [
    { network: 'facebook', label: 'Ironclad Machinery on Facebook', href: 'https://www.facebook.com/' },
    { network: 'linkedin', label: 'Ironclad Machinery on LinkedIn', href: 'https://www.linkedin.com/' },
    { network: 'youtube', label: 'Ironclad Machinery on YouTube', href: 'https://www.youtube.com/' },
  ] satisfies { network: SocialNetwork; label: string; href: string }[],
} as const;
