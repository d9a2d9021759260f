/**
 * Repeat buying's UI strings (issue 49): claims by the piece, order again on a purchase's page, /quick-order. Only lazy
 * pages use them (apart from cart-messages.ts and service-messages.ts, which the first load of `/` reaches).
 */
export const repeatBuyingMessages = {
  /** A claim names how many pieces of its line are faulty; the admin may approve fewer. */
  claims: {
    quantity: 'Faulty pieces',
    quantityHint: (n: number) => `How many of the ${n} pcs of this line are faulty.`,
    quantityRequired: 'Faulty pieces is Required',
    quantityRange: (n: number) => `Enter a whole number from 1 to ${n}`,
    pieces: (claimed: number, line: number) => (line > 0 ? `${claimed} of ${line} pcs claimed` : `${claimed} pcs claimed`),
    piecesClaimed: (n: number) => (n === 1 ? '1 pc claimed' : `${n} pcs claimed`),
    piecesApproved: (n: number) => (n === 1 ? '1 pc replaced' : `${n} pcs replaced`),
    approveQuantity: 'Pieces to replace',
    approveQuantityLabel: (n: number) => `Pieces to replace, claim #${n}`,
    forLine: (product: string, n: number) => `${product}, a line of order #${n}`,
    /** Several claims per line (review finding 8): the pieces left, and the line's earlier claims. */
    quantityLeftHint: (left: number, line: number) => `How many of the ${left} pcs left to claim (of ${line}) are faulty.`,
    leftToClaim: (left: number, line: number) => `${left} of ${line} pcs left to claim`,
    noneLeft: (line: number) => (line === 1 ? 'The piece of this line is claimed.' : `All ${line} pcs of this line are claimed.`),
    earlier: 'Earlier claims on this line',
    earlierClaim: (n: number, status: string, pieces: string) => `Claim #${n}: ${status}, ${pieces}`,
  },
  /** Order again (issue 49), on a purchase's page: its lines into the cart at today's prices. */
  orderAgain: {
    button: 'Order again',
    label: (n: number) => `Order again: the products of order #${n}`,
    summary: (added: number, total: number) =>
      total === 1 ? (added === 1 ? 'The product is in your cart at today’s price.' : 'The product could not be added to your cart.') : `${added} of ${total} products are in your cart at today’s prices.`,
    priceChanged: (name: string, now: string, was: string) => `${name}: now ${now} a piece (was ${was}).`,
    gone: (name: string) => `${name} is no longer sold: not added.`,
    soldOut: (name: string) => `${name} is out of stock: not added.`,
    fewer: (name: string, n: number, wanted: number) => `${name}: only ${n} in stock, so ${n} of ${wanted} pcs added.`,
    refused: (name: string, why: string) => `${name}: not added. ${why}`,
    failed: 'Failed to read today’s prices: nothing was added.',
    goToCart: 'Go to cart',
  },
  /** /quick-order (issue 49): SKUs and quantities pasted or from a CSV file, each line's outcome said. */
  quickOrder: {
    title: 'Quick order',
    subtitle: 'Know the part numbers? Paste one line per product, the SKU then the quantity (such as "PMP-100 2"), or upload a CSV file of SKU,quantity.',
    link: 'Quick order by SKU',
    lines: 'SKUs and quantities',
    linesHint: 'One product per line: SKU, then a space, comma or tab, then the quantity.',
    file: 'Upload a CSV file',
    fileRead: (name: string, n: number) => `${name}: ${n === 1 ? '1 line' : `${n} lines`} read.`,
    fileFailed: (name: string) => `${name} could not be read.`,
    submit: 'Add to cart',
    nothing: 'Paste at least one line: a SKU and a quantity.',
    tooMany: (max: number) => `Send at most ${max} lines at once.`,
    resultsTitle: 'What was added',
    columnLine: 'Line',
    columnSku: 'SKU',
    columnQuantity: 'Quantity',
    columnOutcome: 'Outcome',
    summary: (added: number, total: number) => `${added} of ${total} ${total === 1 ? 'line' : 'lines'} added to the cart.`,
    outcome: {
      added: (name: string) => `Added: ${name}`,
      unknown_sku: 'No product has this SKU',
      below_minimum: (min: number) => `Not added: the minimum order is ${min} pcs`,
      above_stock: (available: number) => `Not added: only ${available} in stock`,
      duplicate: 'Not added: this SKU is on an earlier line',
      cart_full: (max: number) => `Not added: the cart holds at most ${max} products`,
      unreadable: 'Not sent: write the SKU, then a whole number of pieces',
    },
    goToCart: 'Go to cart',
    failed: 'Failed to add the lines',
  },
} as const;
