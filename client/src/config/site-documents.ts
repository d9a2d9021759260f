import { site, type FooterLink } from './site';

/**
 * Seller copy, like site.ts: the texts of /about (where the home page's More
 * About Us leads) and of the footer's policy pages, /terms, /privacy and
 * /warranty. Kept apart from site.ts because only those lazy pages use it:
 * site.ts is part of the first load of `/`. Plain text, no HTML.
 */

/** One section of a page of text (/about and the policies): a heading, then paragraphs, a list and links. */
export interface DocumentSection {
  heading: string;
  paragraphs?: readonly string[];
  /** A list after the paragraphs. */
  items?: readonly string[];
  /** Shown as a numbered list (steps to follow) rather than bullets. */
  ordered?: boolean;
  /** Links after the text: app paths or `mailto:` / `tel:` / `https:` addresses. */
  links?: readonly FooterLink[];
}

/** A page of text that the seller writes: /about, /terms, /privacy, /warranty. */
export interface SiteDocument {
  title: string;
  /** A sentence or two under the title. */
  summary: string;
  /** When the text last changed, as YYYY-MM-DD; the policies show it (a policy needs one). */
  updated?: string;
  sections: readonly DocumentSection[];
}

const { contact } = site;

export const siteDocuments = {
  about: {
    title: 'About Ironclad Machinery',
    summary: 'New and reconditioned industrial machinery, tested before it ships and backed by our 2-month replacement guarantee.',
    sections: [
      {
        heading: 'Who we are',
        paragraphs: [
          // The home page's About text, then more of it.
          site.about.text,
          'Ironclad Machinery Ltd. is an industrial equipment dealer based in Pittsburgh, Pennsylvania. We sell to contractors, farms, ' +
            'workshops and plant managers, from a single welder to a fleet of generators for a new site.',
        ],
      },
      {
        heading: 'How we work',
        paragraphs: [
          'We buy from makers we have worked with for years, test every machine before it ships and keep spare parts in stock, ' +
            'so a breakdown costs you hours, not weeks.',
        ],
        items: [
          'Every machine is run and checked in our workshop before dispatch.',
          'Trade and bulk orders: each product states its minimum order quantity.',
          'Delivery to your site, with unloading arranged for heavy equipment.',
        ],
      },
      {
        heading: 'What we supply',
        items: [
          'Generators: diesel and petrol, from 5 to 500 kVA.',
          'Air compressors: rotary screw and piston, with dryers, tanks and hoses.',
          'Welding: MIG, TIG and stick welders, plasma cutters and safety gear.',
          'Pumps: submersible, trash and transfer pumps for water, slurry and fuel.',
          'Heavy tools and construction machinery, new and reconditioned.',
        ],
        links: [{ label: 'Browse the catalogue', href: '/products' }],
      },
      {
        heading: 'Our replacement guarantee',
        paragraphs: [
          'If a machine you bought from us turns out faulty, we replace it free of charge when you tell us within 2 months of delivery.',
        ],
        links: [{ label: 'Read the warranty policy', href: '/warranty' }],
      },
      {
        heading: 'Talk to us',
        paragraphs: [`Visit our yard at ${contact.address}, Monday to Friday, 8 am to 5 pm, or call or write to our sales team.`],
        links: [
          { label: contact.phone, href: `tel:${contact.phone.replace(/[^+\d]/g, '')}` },
          { label: contact.email, href: `mailto:${contact.email}` },
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of sale',
    summary: 'The terms on which Ironclad Machinery Ltd. sells equipment through this website. Please read them before you order.',
    updated: '2026-11-23',
    sections: [
      {
        heading: 'Who we are and when these terms apply',
        paragraphs: [
          `These terms apply to every order placed on this website with Ironclad Machinery Ltd., ${contact.address} ("we", "us"). ` +
            'By placing an order you accept them. If you have agreed separate written terms with us for a trade account, those prevail.',
        ],
      },
      {
        heading: 'Orders and minimum quantities',
        paragraphs: [
          'Each product shows its price per unit, the units in stock ("Available") and its minimum order quantity ("Order-Minimum"). ' +
            'An order must be for at least the minimum and at most the units in stock; the order form does not accept other quantities.',
          'When you place an order we reserve the stock for you and give the order a number. Your order is accepted once it is paid ' +
            '(see Payment). If a product is listed in error, for example at a wrong price, we will tell you and refund anything you paid.',
        ],
      },
      {
        heading: 'Prices',
        paragraphs: [
          'Prices are in US dollars per unit. The amount you pay is the unit price times the quantity, shown on the payment page before you pay. ' +
            'Delivery within the contiguous United States is included. Sales tax is added where the law requires it and shown on your invoice.',
        ],
      },
      {
        heading: 'Payment',
        paragraphs: [
          'We take payment by card (Visa, Mastercard, American Express and Discover) through our payment provider, Stripe. ' +
            'You can pay straight after ordering, or later from My Orders in your dashboard. Card details go to Stripe and are never stored by us.',
          'We ship paid orders. An order that is not paid within 7 days may be cancelled and its stock released.',
        ],
      },
      {
        heading: 'Delivery',
        paragraphs: [
          'We deliver to the address you give with your order and may call the mobile number you give to arrange the day. ' +
            'Machines in stock are usually dispatched within 3 working days of payment and arrive within 5 to 10 working days.',
        ],
        items: [
          'Heavy equipment arrives on a pallet or flatbed truck: someone must be on site to receive it, with safe access for unloading.',
          'Check the goods on delivery and note any visible damage on the delivery note, then tell us within 2 working days.',
          'The goods are at your risk from delivery, and they become yours once paid for in full.',
        ],
      },
      {
        heading: 'Cancelling and returning an order',
        paragraphs: [
          'You can cancel an unpaid order at any time from My Orders. To cancel a paid order before it is shipped, contact us: we refund it in full. ' +
            'Unused equipment in its original packaging may be returned within 14 days of delivery for a refund of the price; return carriage is ' +
            'at your cost unless the machine is faulty. Faulty machines are covered by our warranty policy.',
        ],
        links: [{ label: 'Warranty policy', href: '/warranty' }],
      },
      {
        heading: 'Using the equipment and our liability',
        paragraphs: [
          'Install, operate and maintain each machine as its maker\'s manual says, and only by trained people. To the extent the law allows, ' +
            'we are not liable for indirect loss such as lost production or profit, and our liability for an order is limited to its price. ' +
            'Nothing in these terms limits rights that the law gives you and that cannot be excluded.',
        ],
      },
      {
        heading: 'Law and contact',
        paragraphs: [
          'These terms are governed by the laws of the Commonwealth of Pennsylvania. Questions about an order or these terms: ' +
            `write to ${contact.email} or call ${contact.phone}.`,
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy policy',
    summary: 'What we keep about you when you use this store, why we keep it, who else sees it, and how to have it changed or deleted.',
    updated: '2026-11-25',
    sections: [
      {
        heading: 'Who is responsible',
        paragraphs: [
          `Ironclad Machinery Ltd., ${contact.address}, runs this store and is responsible for your data. Questions about it: ${contact.email}.`,
        ],
      },
      {
        heading: 'What we keep, and why',
        items: [
          'Your account: your name and e-mail address, and a one-way hash of your password (never the password itself); ' +
            'if you sign in with Google, the name and e-mail address Google gives us. We use them to sign you in and to know whose orders are whose. ' +
            'We also note whether you have confirmed your e-mail address with the link we send, and keep only a one-way hash of that link ' +
            'and of any password reset link, each for as long as it works (24 hours and 30 minutes).',
          'Your profile, if you fill it in: address, education, LinkedIn link and photo. They are shown only to you and to our staff.',
          'Your orders: the product, quantity and price, the delivery address and mobile number, whether and when the order was paid and shipped, ' +
            'and the payment reference Stripe gives us. We need them to deliver your order, to call you about delivery and for our accounts.',
          'Your reviews: your name, photo and text. Reviews are published on our home page.',
          'Messages from the contact form: your e-mail address, subject and message, so that we can reply.',
        ],
      },
      {
        heading: 'Card payments',
        paragraphs: [
          'Card payments are handled by Stripe, Inc. Your card number, expiry date and security code go to Stripe and are never stored ' +
            'on our servers; we keep only Stripe\'s payment reference and the amount paid. Stripe\'s own privacy policy applies to what it processes.',
        ],
        links: [{ label: 'Stripe privacy policy', href: 'https://stripe.com/privacy' }],
      },
      {
        heading: 'Cookies and browser storage',
        paragraphs: [
          'We use no advertising or tracking cookies. While you are signed in, your browser keeps a sign-in token in its local storage; ' +
            'signing out removes it.',
        ],
      },
      {
        heading: 'Who else sees your data',
        paragraphs: [
          'Stripe, to take your payment; the carrier that delivers your order (your name, delivery address and mobile number); ' +
            'and the provider that sends our e-mails. We never sell your data or share it for marketing.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'Your account and profile until you ask us to delete them. Orders for 7 years, as tax and accounting rules require. ' +
            'Contact messages for 2 years.',
        ],
      },
      {
        heading: 'Deleting your account',
        paragraphs: [
          'You can delete your account yourself, at any time, from the Account page of your dashboard: you confirm it with your password ' +
            '(or by signing in with Google again). What happens then:',
        ],
        items: [
          'Deleted at once: your account and every session signed in to it, your profile and its photo, and your orders that were not paid ' +
            '(their stock goes back on sale).',
          'Kept: your paid orders, because tax and accounting rules require us to keep them for 7 years, with your name, e-mail address, ' +
            'delivery address and mobile number removed from them; invoices already issued stay as they were issued, as the law requires. ' +
            'Quote requests and replacement claims stay for our records too, without your name and e-mail address.',
          'Your reviews stay on the site under "Former customer", without your name or photo, unless you tick "Also delete my reviews": ' +
            'then they are deleted too.',
          'Pictures you uploaded that nothing else uses are deleted within a day. E-mails we sent you stay in our mail log for up to 90 days.',
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'You can see and change your profile in your dashboard at any time, and delete your account there (see above). To get a copy of your ' +
            `data, or to have it corrected or deleted, write to ${contact.email}: we answer within 30 days. Orders we must keep for tax purposes ` +
            'are kept until that period ends.',
        ],
        links: [{ label: contact.email, href: `mailto:${contact.email}` }],
      },
    ],
  },
  warranty: {
    title: 'Warranty policy',
    summary: 'Faulty equipment replaced within 2 months of delivery, free of charge. Here is what that covers and how to claim.',
    updated: '2026-11-23',
    sections: [
      {
        heading: 'Our promise',
        paragraphs: [
          'If a machine you bought from us turns out faulty, we replace it free of charge, provided you tell us within 2 months of the day it was ' +
            'delivered. This applies to new and reconditioned equipment alike.',
        ],
      },
      {
        heading: 'What is covered',
        paragraphs: [
          'Any defect in materials or workmanship that stops the machine working as its maker specifies. We replace it with the same model, ' +
            'or an equivalent or better one if that model is no longer made, deliver the replacement at our cost and collect the faulty machine. ' +
            'If we cannot replace it, we refund the price in full.',
        ],
      },
      {
        heading: 'How to claim',
        ordered: true,
        items: [
          `Within 2 months of delivery, e-mail ${contact.email} or call ${contact.phone} with your order number.`,
          'Describe the fault and, if you can, send photos or a short video and the machine\'s serial number.',
          'Our engineer may check the fault with you by phone or on site, usually within 2 working days.',
          'Once the fault is confirmed, we dispatch the replacement within 5 working days and collect the faulty machine with its accessories.',
        ],
        links: [
          { label: contact.email, href: `mailto:${contact.email}` },
          { label: contact.phone, href: `tel:${contact.phone.replace(/[^+\d]/g, '')}` },
        ],
      },
      {
        heading: 'What is not covered',
        items: [
          'Wear parts and consumables: blades, filters, belts, brushes, hoses, welding tips and the like.',
          'Damage from misuse, overloading, accidents, the wrong fuel or supply voltage, or maintenance not done as the manual says.',
          'Machines modified or repaired by anyone other than us or the maker\'s authorised service agents.',
          'Scratches and marks that do not affect how the machine works.',
          'Transport damage that was not noted on the delivery note (see our terms of sale).',
          'Faults reported more than 2 months after delivery.',
        ],
      },
      {
        heading: 'After the 2 months',
        paragraphs: [
          'The maker\'s own warranty still applies, and we help you claim under it. Spare parts and repairs are available from us at cost. ' +
            'This guarantee is given in addition to your rights under the law, not instead of them.',
        ],
        links: [{ label: 'Terms of sale', href: '/terms' }],
      },
    ],
  },
} as const satisfies Record<'about' | 'terms' | 'privacy' | 'warranty', SiteDocument>;
