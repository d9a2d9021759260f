import { repeatBuyingMessages } from '@/config/repeat-buying-messages';

const q = repeatBuyingMessages.claims;

/** A claim's pieces (issue 49): a whole number from 1 to max (the line's pieces, or those claimed). */
export function validateClaimQuantity(value: string, max: number): string | true {
  const text = value.trim();
  if (text === '') return q.quantityRequired;
  const n = Number(text);
  return (/^\d+$/.test(text) && n >= 1 && n <= max) || q.quantityRange(max);
}
