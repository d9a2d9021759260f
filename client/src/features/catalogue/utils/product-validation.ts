import { categoryMessages } from '@/config/category-messages';
import { ApiError } from '@/lib/api-client';
import { catalogueMessages } from '@/config/catalogue-messages';
import { formMessages } from '@/config/form-messages';
import { checkImageFile } from '@/lib/upload-image';

const m = catalogueMessages.productAdmin;

/** The server's rules (shop.ParsePrice, ParseQuantity, ProductDraft.Validate); it checks again. */
const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;
const WHOLE_PATTERN = /^\d+$/;

export function validateProductName(value: string): string | true {
  return value.trim() !== '' || m.nameRequired;
}

export function validatePrice(value: string): string | true {
  const text = value.trim();
  if (text === '') return m.priceRequired;
  return (PRICE_PATTERN.test(text) && Number(text) > 0) || m.priceInvalid;
}

export function validateAvailable(value: string): string | true {
  const text = value.trim();
  if (text === '') return m.availableRequired;
  return WHOLE_PATTERN.test(text) || m.wholeNumber;
}

export function validateMinimum(value: string): string | true {
  const text = value.trim();
  if (text === '') return m.minimumRequired;
  if (!WHOLE_PATTERN.test(text)) return m.wholeNumber;
  return Number(text) >= 1 || m.minimumTooSmall;
}

export function validateDescription(value: string): string | true {
  return value.trim() !== '' || m.descriptionRequired;
}

/** A new product needs a picture. */
export function validateRequiredImage(file: File | null): string | true {
  if (!file) return formMessages.forms.imageRequired;
  return checkImageFile(file) ?? true;
}

/** An edit keeps the current picture unless another is chosen. */
export function validateOptionalImage(file: File | null): string | true {
  return file ? (checkImageFile(file) ?? true) : true;
}

/** The server's field names, and the labels its messages are shown with. */
export const PRODUCT_FIELD_LABELS = {
  name: m.name,
  price: m.price,
  avaialbequantit: m.available,
  minimumquantity: m.minimum,
  description: m.description,
  image: m.image,
  sku: categoryMessages.form.sku,
  category: categoryMessages.form.category,
  specs: categoryMessages.form.specs,
  tiers: categoryMessages.form.tiers,
} as const;

const TIER = /^\s*(\d+)\s*:\s*(\d+(?:\.\d{1,2})?)\s*%?\s*$/;

/** The tiers field's text ("10:5; 50:7.5", the import's column) as the API takes them, or null when a part is not one. */
export function tiersFromText(text: string): { min: string; percentOff: string }[] | null {
  const parts = text.split(';').filter((part) => part.trim() !== '');
  const tiers = parts.map((part) => TIER.exec(part));
  if (tiers.some((t) => t === null)) return null;
  return tiers.map((t) => ({ min: t![1]!, percentOff: t![2]! }));
}

/** A product's tiers as the field writes them. */
export function tiersToText(tiers: readonly { min: number; percentOff: number }[] | undefined): string {
  return (tiers ?? []).map((t) => `${t.min}:${t.percentOff}`).join('; ');
}

/** The tiers field's rule: each part quantity:percent (the server checks that they ascend). */
export const validateTiers = (text: string) => tiersFromText(text) !== null || categoryMessages.form.tiersInvalid;

/** A form field's label, for the server's message about it. */
export const productFieldLabel = (field: string): string => (PRODUCT_FIELD_LABELS as Record<string, string>)[field] ?? field;

/**
 * A 409 about the SKU (another product has it), as opposed to another
 * conflict (a name in use, a product changed meanwhile): its message, shown
 * at the SKU field.
 */
export function skuConflict(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'conflict') return null;
  if (error.errors.sku) return error.errors.sku;
  return /\bsku\b/i.test(error.detail) ? error.detail : null;
}
