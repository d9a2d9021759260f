/**
 * The UI strings of the home page's About, stats and contact sections, the
 * admin Inbox, and /landing, /portfolio, /blog and /navbarpractice (issue 7),
 * and of /about and the policy pages.
 * Kept apart from messages.ts because only lazy code uses them: messages.ts is
 * part of the first load of `/`.
 */
export const contentMessages = {
  home: {
    moreAboutUs: 'More About Us',
    chartTitle: 'Investment and sell, March to August',
    chartLabel: 'Bar chart of investment and sell per month, March to August; the figures follow in a table.',
    month: 'Month',
    investment: 'Investment',
    sell: 'Sell',
    statsTitle: 'Our numbers',
  },
  contact: {
    eyebrow: 'Contact',
    title: 'Get in touch',
    subtitle: 'Questions about a machine, a bulk order or a delivery? Write to us: our sales team replies within one working day.',
    formTitle: 'Send us a message',
    email: 'Email Address',
    subject: 'Subject',
    message: 'Message',
    submit: 'Submit',
    // The spec's texts, word for word (the server answers with the same ones).
    emailRequired: 'Email is Required',
    emailInvalid: 'Provide a valid Email',
    subjectRequired: 'Subject is Required',
    messageRequired: 'Message is Required',
    tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
    count: (n: number, max: number) => `${n}/${max}`,
    sent: 'Thank you! Your message has been sent. We will reply by email.',
    sentToast: 'Message sent',
    phone: 'Phone',
    address: 'Address',
  },
  inbox: {
    subtitle: 'Messages from the contact form, newest first. Reply by email, then mark them handled.',
    listLabel: 'Messages',
    count: (n: number) => (n === 1 ? '1 message' : `${n} messages`),
    empty: 'No messages yet.',
    loadFailed: 'We could not load the messages right now.',
    received: (date: string) => `Received ${date}`,
    handled: 'Handled',
    unhandled: 'New',
    markHandled: 'Mark handled',
    markUnhandled: 'Mark as new',
    actionLabel: (action: string, subject: string) => `${action}: ${subject}`,
    reply: 'Reply',
    replySubject: (subject: string) => `Re: ${subject}`,
    remove: 'Delete',
    confirmDelete: 'Delete this message? This cannot be undone.',
    markedHandled: 'Marked as handled.',
    markedUnhandled: 'Marked as new.',
    removed: 'The message was deleted.',
    alreadyDeleted: 'This message was already deleted.',
  },
  landing: {
    getStarted: 'Get Started',
    carouselTitle: 'What we supply',
    carouselText: 'Four families of machines, in stock and ready to ship.',
    slide: 'slide',
    slideOf: (n: number, total: number) => `${n} of ${total}`,
    previous: (title: string) => `Previous slide: ${title}`,
    next: (title: string) => `Next slide: ${title}`,
  },
  portfolio: {
    skills: 'Skills',
    contact: 'Contact',
    emailMe: 'Email me',
    onNetwork: (network: string) => `${network} profile`,
  },
  documents: {
    /** Before a policy's date, e.g. "Last updated November 23, 2026". */
    updated: 'Last updated',
  },
  blog: {
    empty: 'No posts yet',
    emptyText: 'We have not published any articles yet. Buying guides and maintenance tips will appear here.',
  },
  demo: {
    navbarText: 'The navigation bar on its own: the same links as the header, in the same states.',
    navbarLabel: 'Navigation bar demo',
  },
} as const;
