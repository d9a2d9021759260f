/**
 * The UI strings of approvals (issue 45): a purchase above its buyer's limit waits for an approver of their
 * company. Their own module: only the lazily loaded checkout, purchase, order and company pages import it, so
 * it stays out of the first load.
 */
export const approvalMessages = {
  // The buyer's: at checkout, on the Purchase path and on the order page.
  placed: (number: number) => `Order #${number} is placed and awaits your company's approval: it is above your limit per purchase.`,
  viewOrder: 'View the order',
  placedNote: "It is above your limit per purchase, so it waits for your company's approval. We e-mail you once it is approved (then you can pay) or declined.",
  awaiting: "Awaiting your company's approval: this purchase is above your limit per purchase. Its stock is held; we e-mail you once an approver decides. Then you can pay for it.",
  // An approver's or company admin's.
  awaitingApprover: (email: string) => `This purchase by ${email} is above their limit per purchase and awaits an approver of your company.`,
  toApprove: 'To approve',
  toApproveIntro: "Purchases of your company's buyers above their limit per purchase. Their stock is held until you decide.",
  none: 'Nothing awaits approval.',
  loadFailed: 'The purchases awaiting approval could not be loaded.',
  by: (email: string) => `By ${email}`,
  open: 'Open',
  approve: 'Approve',
  approveLabel: (number: number) => `Approve order #${number}`,
  approved: (number: number) => `Order #${number} is approved; its buyer is e-mailed and can pay now.`,
  approvedOnAccount: (number: number) => `Order #${number} is approved and on the company’s account (invoiced when it ships); its buyer is e-mailed.`,
  approveFailed: 'The purchase was not approved',
  decline: 'Decline',
  declineLabel: (number: number) => `Decline order #${number}`,
  declineTitle: (number: number) => `Decline order #${number}`,
  declineIntro: 'The purchase is cancelled and its stock put back on sale. Its buyer is e-mailed your reason.',
  reason: 'Reason (for the buyer)',
  reasonRequired: 'Give the buyer a reason.',
  reasonTooLong: 'At most 500 characters.',
  confirmDecline: 'Decline the purchase',
  cancel: 'Keep it',
  declined: (number: number) => `Order #${number} is declined and cancelled; its buyer is e-mailed your reason.`,
  declineFailed: 'The purchase was not declined',
  // The company admin's view of the company's purchases.
  purchasesTitle: "The company's purchases",
  purchasesIntro: "Every order of your company's members, newest first, with its invoice once paid.",
  purchasesNone: 'No purchases yet.',
  purchasesFailed: "The company's purchases could not be loaded.",
  quotesTitle: "The company's quotes",
  quotesIntro: "Every quote your company's members asked for, newest first.",
  quotesNone: 'No quotes yet.',
  quotesFailed: "The company's quotes could not be loaded.",
  quoteNumber: (n: number) => `Quote #${n}`,
  quoteStates: { requested: 'Awaiting a price', quoted: 'Quoted', accepted: 'Accepted', declined: 'Declined' } as Record<string, string>,
  states: {
    placing: 'Being placed',
    placed: 'Unpaid',
    paid: 'Paid',
    shipped: 'Shipped',
    cancelling: 'Being cancelled',
    cancelled: 'Cancelled',
    awaiting_approval: 'Awaiting approval',
    awaiting_freight: 'Awaiting a freight price',
    on_account: 'On account',
  } as Record<string, string>,
};
