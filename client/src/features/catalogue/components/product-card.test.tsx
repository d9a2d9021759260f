import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { renderWithProviders } from '@/testing/test-utils';
import type { Product } from '@/types/api';
import { ProductCard } from './product-card';

const LONG_DESCRIPTION = 'Heavy-duty diesel generator for job sites now'; // 45 characters

function product(overrides: Partial<Product> = {}): Product {
  return makeProduct({
    _id: '64b7f0c2a1b2c3d4e5f60718',
    name: 'Diesel Generator 20kVA',
    price: 1299,
    image: 'https://api.example/images/generator.jpg',
    description: LONG_DESCRIPTION,
    ...overrides,
  });
}

describe('ProductCard', () => {
  it('shows the name in upper case', () => {
    renderWithProviders(<ProductCard product={product()} />);
    expect(screen.getByRole('heading', { name: 'DIESEL GENERATOR 20KVA' })).toBeInTheDocument();
  });

  it('shows the price in dollars', () => {
    renderWithProviders(<ProductCard product={product({ price: 1299.5 })} />);
    expect(screen.getByText('$1,299.50')).toBeInTheDocument();
  });

  it('shows a whole-dollar price with a dollar sign', () => {
    renderWithProviders(<ProductCard product={product({ price: 1299 })} />);
    expect(screen.getByText(/^\$1,?299(\.00)?$/)).toBeInTheDocument();
  });

  it('cuts a 45-character description to its first 30 characters and an ellipsis', () => {
    expect(LONG_DESCRIPTION).toHaveLength(45);
    renderWithProviders(<ProductCard product={product()} />);
    const expected = `${LONG_DESCRIPTION.slice(0, 30)}...`;
    expect(screen.getByText(expected)).toBeInTheDocument();
    expect(screen.queryByText(LONG_DESCRIPTION)).not.toBeInTheDocument();
  });

  it('shows a short description whole', () => {
    renderWithProviders(<ProductCard product={product({ description: 'Compact and quiet.' })} />);
    expect(screen.getByText('Compact and quiet.')).toBeInTheDocument();
    expect(screen.queryByText(/\.\.\.$/)).not.toBeInTheDocument();
  });

  it('links PURCHASE to /purchase/<id>', () => {
    renderWithProviders(<ProductCard product={product()} />);
    const link = screen.getByRole('link', { name: /purchase/i });
    expect(link).toHaveTextContent('PURCHASE');
    expect(link).toHaveAttribute('href', '/purchase/64b7f0c2a1b2c3d4e5f60718');
  });

  it('links the name and the picture to the product page /product/<id>', () => {
    renderWithProviders(<ProductCard product={product()} />);
    const name = screen.getByRole('link', { name: 'DIESEL GENERATOR 20KVA' });
    expect(name).toHaveAttribute('href', '/product/64b7f0c2a1b2c3d4e5f60718');
    expect(screen.getByRole('heading', { name: 'DIESEL GENERATOR 20KVA' })).toContainElement(name);
    const picture = screen.getByRole('link', { name: 'Diesel Generator 20kVA' });
    expect(picture).toHaveAttribute('href', '/product/64b7f0c2a1b2c3d4e5f60718');
    expect(picture).toContainElement(screen.getByRole('img', { name: 'Diesel Generator 20kVA' }));
    // One keyboard stop per destination: the picture's link is for pointers only.
    expect(picture).toHaveAttribute('tabindex', '-1');
  });

  it('clicking the name opens the product page', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProductCard product={product()} />);
    await user.click(screen.getByRole('link', { name: 'DIESEL GENERATOR 20KVA' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/product/64b7f0c2a1b2c3d4e5f60718');
  });

  it('clicking the picture opens the product page', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProductCard product={product()} />);
    await user.click(screen.getByRole('img', { name: 'Diesel Generator 20kVA' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/product/64b7f0c2a1b2c3d4e5f60718');
  });

  it('shows stock and minimum order', () => {
    renderWithProviders(<ProductCard product={product({ avaialbequantit: 12, minimumquantity: 2 })} />);
    expect(screen.getByText('Available: 12 Pcs')).toBeInTheDocument();
    expect(screen.getByText('Order-Minimum: 2 pcs')).toBeInTheDocument();
  });

  it('shows the image with the product name as alt text, sized and lazy', () => {
    renderWithProviders(<ProductCard product={product()} />);
    const img = screen.getByRole('img', { name: 'Diesel Generator 20kVA' });
    expect(img).toHaveAttribute('src', 'https://api.example/images/generator.jpg');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
  });

  it('says Out of stock for a product whose stock is below its minimum, and PURCHASE is no link', () => {
    renderWithProviders(<ProductCard product={product({ avaialbequantit: 38, minimumquantity: 50 })} />);
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Purchase Diesel Generator 20kVA' })).not.toBeInTheDocument();
    const purchase = screen.getByRole('button', { name: 'Purchase Diesel Generator 20kVA' });
    expect(purchase).toBeDisabled();
    expect(purchase).toHaveAccessibleDescription('Out of stock');
    expect(purchase).toHaveTextContent('PURCHASE');
  });

  it('keeps PURCHASE a link at exactly the minimum', () => {
    renderWithProviders(<ProductCard product={product({ avaialbequantit: 50, minimumquantity: 50 })} />);
    expect(screen.queryByText('Out of stock')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Purchase Diesel Generator 20kVA' })).toHaveAttribute('href', '/purchase/64b7f0c2a1b2c3d4e5f60718');
  });
});
