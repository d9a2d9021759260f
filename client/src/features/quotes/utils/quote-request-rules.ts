import { serviceMessages } from '@/config/service-messages';
import type { QuoteListItem } from './quote-list';

const m = serviceMessages.quoteList;

export const MAX_QUOTE_MESSAGE_CHARS = 2000;
export const MAX_COMPANY_CHARS = 150;
export const MAX_QUOTE_QUANTITY = 1_000_000;

export interface QuoteFormValues {
  items: { productId: string; quantity: string }[];
  message: string;
  company: string;
}

/** Whole pieces, at least 1: a quote may ask for fewer than the minimum or more than the stock. */
export function validateQuoteQuantity(value: string): string | true {
  const text = value.trim();
  if (text === '') return m.quantityRequired;
  if (!/^\d+$/.test(text)) return m.quantityWhole;
  const n = Number(text);
  if (n < 1) return m.quantityPositive;
  return n <= MAX_QUOTE_QUANTITY || m.quantityTooLarge(MAX_QUOTE_QUANTITY);
}

export function validateMessage(value: string): string | true {
  const text = value.trim();
  if (text === '') return m.messageRequired;
  return [...text].length <= MAX_QUOTE_MESSAGE_CHARS || m.messageTooLong(MAX_QUOTE_MESSAGE_CHARS);
}

export function validateCompany(value: string): string | true {
  return [...value.trim()].length <= MAX_COMPANY_CHARS || m.companyTooLong(MAX_COMPANY_CHARS);
}

/** What a valid quantity means for this product: below its minimum, or above its stock, are allowed and said. */
export function quantityNote(item: QuoteListItem, value: string | undefined): string {
  const lines = [m.quantityHint(item.minimumquantity, item.avaialbequantit)];
  const n = /^\d+$/.test((value ?? '').trim()) ? Number(value) : NaN;
  if (n >= 1 && n < item.minimumquantity) lines.push(m.belowMinimum(item.minimumquantity));
  if (n > item.avaialbequantit) lines.push(m.aboveStock(item.avaialbequantit));
  return lines.join(' ');
}
