/**
 * An order's tax as the server computes it (shop.TaxOf): `rate` in hundredths
 * of a percent, on an amount in cents, rounded half up to the cent.
 */
export function taxOfCents(amountCents: number, rate: number): number {
  if (amountCents <= 0 || rate <= 0) return 0;
  return Math.floor((amountCents * rate + 5000) / 10000);
}

/** GET /config's taxRate (a percent such as 8.25) in hundredths of a percent. */
export function rateInHundredths(percent: number | undefined): number {
  return Math.round((percent ?? 0) * 100);
}
