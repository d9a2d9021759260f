/**
 * Review moderation (issue 36): the admins' Reviews screen and the review
 * form's product choice. Only lazy dashboard pages use these.
 */
export const reviewMessages = {
  /** The product page's reviews (issue 48). */
  product: {
    title: 'Reviews',
    average: (average: number) => `${average.toFixed(1)} out of 5`,
    count: (n: number) => (n === 1 ? '1 review' : `${n} reviews`),
    empty: 'No reviews of this product yet.',
    loadFailed: 'We could not load the reviews right now.',
    verifiedBuyer: 'Verified buyer',
    rated: (n: number) => `Rated ${n} out of 5`,
    averageLabel: (average: number, n: number) => `Average rating ${average.toFixed(1)} out of 5 from ${n === 1 ? '1 review' : `${n} reviews`}`,
  },
  form: {
    product: 'Product you bought (optional)',
    noProduct: 'No product: a review of the shop',
    productHelp: 'Pick a product from a paid order, and your review shows as a verified buyer’s.',
    awaiting: 'Thanks! Your review will appear on the home page once an admin approves it.',
  },
  moderation: {
    subtitle: 'Every review, newest first. Hide one to take it off the home page, show it again, or delete it, with a reason.',
    listLabel: 'Reviews',
    count: (n: number) => (n === 1 ? '1 review' : `${n} reviews`),
    empty: 'No reviews yet.',
    emptyFiltered: 'No reviews in this view.',
    loadFailed: 'We could not load the reviews right now.',
    filterLabel: 'Show',
    filters: { all: 'All reviews', visible: 'Visible', hidden: 'Hidden', awaiting: 'Awaiting approval' },
    status: { visible: 'Visible', hidden: 'Hidden', awaiting: 'Awaiting approval' },
    written: (date: string) => `Written ${date}`,
    verifiedBuyer: (product: string) => (product ? `Verified buyer of ${product}` : 'Verified buyer'),
    rated: (n: number) => `Rated ${n} out of 5`,
    hide: 'Hide',
    show: 'Show',
    approve: 'Approve',
    remove: 'Delete',
    actionLabel: (action: string, name: string) => `${action}: review by ${name}`,
    lastAction: (action: string, by: string, date: string, reason: string) =>
      `${{ hide: 'Hidden', show: 'Shown', delete: 'Deleted' }[action] ?? action} by ${by}, ${date}${reason ? `: “${reason}”` : ''}`,
    dialogTitle: { hide: 'Hide this review?', show: 'Show this review again?', approve: 'Approve this review?', delete: 'Delete this review?' },
    dialogText: {
      hide: 'It leaves the home page at once. You can show it again later.',
      show: 'It goes back on the home page at once.',
      approve: 'It goes on the home page at once.',
      delete: 'Its text and photo are deleted. This cannot be undone; a record of who deleted it, when and why is kept.',
    },
    reason: 'Reason',
    reasonRequired: 'Say why the review is deleted',
    reasonHelp: 'Kept with the review’s record; the reviewer does not see it.',
    reasonTooLong: (max: number) => `Keep the reason to ${max} characters or fewer`,
    cancel: 'Cancel',
    hidden: 'The review is hidden.',
    shown: 'The review is shown on the home page.',
    deleted: 'The review was deleted.',
    failed: 'The review could not be changed',
  },
} as const;
