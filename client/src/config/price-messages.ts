/** The texts of a signed-in member's own prices (issue 45): the product page's section and the cart. Loaded with them only. */
export const priceMessages = {
  ownTitle: 'Your company’s prices',
  ownIntro: 'Your company’s price list applies to your orders. The price per piece of one order line:',
  ownPrice: 'Your price',
  listPrice: 'List price',
  ownNote: 'Your company’s price',
};
