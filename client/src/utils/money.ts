/**
 * The client's one cents-and-tax module. The server decides every amount a
 * buyer is charged; the client computes only before it asks (the purchase
 * form before Place Order, the cart and the checkout before POST /checkout),
 * and then as the server does: prices in dollars become integer cents, a
 * line is price × quantity in cents, and each line's tax is rounded half up
 * to the cent on its own (shop.TaxOf; a purchase's tax is its lines' taxes
 * summed, as shop.Quote.WithFigures and the checkout sum them). The shared
 * cases in server/internal/shop/testdata/tax_cases.json hold both sides to
 * the same answers (money.test.ts here, tax_cases_test.go there).
 */

/** A purchase's figures, in integer cents: the subtotal before tax, the tax, and the total charged. */
export interface Figures {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** A price in dollars (at most two decimals, as the API sends it) in integer cents: 15.5 → 1550, 4.35 → 435. */
export function toCents(dollars: number): number {
  return dollars < 0 ? -toCents(-dollars) : Math.floor(dollars * 100 + 0.5);
}

/** A line's price before tax in cents: the unit price's cents times the quantity. */
export function lineCents(unitPrice: number, quantity: number): number {
  return toCents(unitPrice) * quantity;
}

/**
 * The tax on `amountCents` at `rate` hundredths of a percent, rounded half
 * up to the cent (shop.TaxOf). Exact for any amount: the product is taken in
 * BigInt when it is past what a double holds exactly.
 */
export function taxOfCents(amountCents: number, rate: number): number {
  if (amountCents <= 0 || rate <= 0) return 0;
  const product = amountCents * rate;
  if (Number.isSafeInteger(product)) return Math.floor((product + 5000) / 10000);
  return Number((BigInt(amountCents) * BigInt(rate) + 5000n) / 10000n);
}

/** GET /config's taxRate (a percent such as 8.25) in hundredths of a percent (825). */
export function rateInHundredths(percent: number | undefined): number {
  return toCents(percent ?? 0);
}

/** A purchase's figures from its lines (unit price in dollars, quantity), each line taxed on its own. */
export function figuresOf(lines: readonly { unitPrice: number; quantity: number }[], rate: number): Figures {
  let subtotalCents = 0;
  let taxCents = 0;
  for (const line of lines) {
    const cents = lineCents(line.unitPrice, line.quantity);
    subtotalCents += cents;
    taxCents += taxOfCents(cents, rate);
  }
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/**
 * The figures the server answered: `amount` in cents with tax included, `tax` in dollars
 * (POST /order, POST /checkout, GET /groups/{id}, a quote's figures).
 */
export function serverFigures({ amount, tax }: { amount: number; tax?: number | undefined }): Figures {
  const taxCents = toCents(tax ?? 0);
  return { subtotalCents: amount - taxCents, taxCents, totalCents: amount };
}
