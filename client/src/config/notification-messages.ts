/**
 * The admin's Notifications page (issue 36). Kept apart from messages.ts
 * because only that lazy page uses them.
 */
export const notificationMessages = {
  subtitle: 'Choose which new work you are told of by e-mail. Each message goes through the Outbox.',
  kindsLegend: 'E-mail me when',
  newOrder: 'New orders',
  newOrderHint: 'A customer places an order.',
  payment: 'Payments',
  paymentHint: 'An order is paid and ready to ship.',
  quoteRequest: 'Quote requests',
  quoteRequestHint: 'A customer asks for a quote.',
  claim: 'Claims',
  claimHint: 'A customer claims a replacement.',
  deliveryLegend: 'How',
  digest: 'Daily digest instead of one e-mail per event',
  digestHint: 'One e-mail each day at 07:00 UTC lists the events of the 24 hours before.',
  save: 'Save',
  saved: 'Your notification settings are saved.',
  saveFailed: 'Your notification settings could not be saved',
  loadFailed: 'We could not load your notification settings right now.',
} as const;
