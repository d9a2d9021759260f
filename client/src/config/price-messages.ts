/** The texts of a signed-in member's own prices (issue 45): the product page's section and the cart. Loaded with them only. */
export const priceMessages = {
  ownTitle: 'Your company’s prices',
  ownIntro: 'Your company’s price list applies to your orders. The price per piece of one order line:',
  ownPrice: 'Your price',
  listPrice: 'List price',
  ownNote: 'Your company’s price',
  /** A member's checkout: the purchase is the company's. */
  forCompany: (name: string) => `This purchase is for ${name}.`,
  poRequired: (name: string) => `Purchase order reference (required by ${name})`,
  poMissing: 'Enter your purchase order reference',
};
