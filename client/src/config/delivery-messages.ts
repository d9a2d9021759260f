/**
 * The UI strings of delivery at checkout and on the Purchase path (issue 48): the delivery options, their price
 * and expected date, and the server's figures. Their own module: only the lazily loaded checkout and purchase
 * pages import it, so it stays out of the first load.
 */
export const deliveryMessages = {
  title: 'Delivery',
  choose: 'Delivery option',
  country: 'Country (two letters, such as GB)',
  countryHelp: 'Where it ships: the options and their prices depend on it.',
  free: 'Free',
  onQuote: 'Freight price to follow',
  onQuoteNote: 'We price the freight after you order and e-mail you; then you can pay.',
  expected: (day: string) => `Expected by ${day}`,
  pickup: 'Pick-up at our depot',
  loading: 'Working out delivery…',
  failed: 'The delivery could not be worked out. Try again.',
  unavailable: (reason: string) => `Not available: ${reason}`,
  subtotal: 'Subtotal',
  shipping: 'Delivery',
  tax: 'Tax',
  total: 'Total',
  // The purchase page (issue 48): a purchase whose freight waits for its price.
  awaiting: 'Awaiting a freight price: we price the freight and e-mail you; then you can pay for this order.',
  priceTitle: 'Price the freight',
  priceLabel: 'Freight price (USD, before tax)',
  priceSubmit: 'Set the freight price',
  priced: 'The freight is priced; the buyer is e-mailed and can pay now.',
  priceFailed: (reason: string) => `The freight price was not saved: ${reason}`,
};
