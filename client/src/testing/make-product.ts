import type { Product } from '@/types/api';

/** A product as the API answers it (tests only): the Diesel Generator, 12 in stock, 2 at least per order, unless told otherwise. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: '64b7f0c2a1b2c3d4e5f60001',
    name: 'Diesel Generator 60 kVA',
    price: 14900,
    image: 'https://example.com/generator.jpg',
    description: 'A quiet generator.',
    avaialbequantit: 12,
    minimumquantity: 2,
    email: 'sales@shop.test',
    createdAt: '2026-01-05T09:00:00Z',
    updatedAt: '2026-01-05T09:00:00Z',
    specs: [],
    images: [overrides.image ?? 'https://example.com/generator.jpg'],
    documents: [],
    parts: [],
    accessories: [],
    oemNumbers: [],
    ...overrides,
  };
}
