import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { renderWithProviders } from '@/testing/test-utils';
import { ProductDetails } from './product-details';

const DESCRIPTION =
  'Silent-canopy 60 kVA / 48 kW standby generator, 3-phase 400 V, automatic transfer switch ready, 12-hour fuel tank. Ideal for sites and workshops.';

const generator = makeProduct({
  _id: '64b7f0c2a1b2c3d4e5f60002',
  price: 14900.5,
  image: 'http://localhost:5000/images/generator',
  description: DESCRIPTION,
  minimumquantity: 3,
});

describe('ProductDetails', () => {
  it('shows the name as the page heading, the picture, price, stock and minimum order', () => {
    renderWithProviders(<ProductDetails product={generator} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Diesel Generator 60 kVA' })).toBeInTheDocument();
    const img = screen.getByRole('img', { name: 'Diesel Generator 60 kVA' });
    expect(img).toHaveAttribute('src', generator.image);
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
    expect(img).not.toHaveAttribute('loading', 'lazy'); // the page's largest paint
    expect(screen.getByTestId('product-price')).toHaveTextContent('$14,900.50');
    expect(screen.getByText('per piece')).toBeInTheDocument();
    expect(screen.getByText('Available: 12 Pcs')).toBeInTheDocument();
    expect(screen.getByText('Order-Minimum: 3 pcs')).toBeInTheDocument();
  });

  it('shows the full description, not the card’s 30-character preview', () => {
    renderWithProviders(<ProductDetails product={generator} />);
    const section = screen.getByRole('region', { name: 'Description' });
    expect(within(section).getByText(DESCRIPTION)).toBeInTheDocument();
    expect(screen.queryByText(/\.\.\.$/)).not.toBeInTheDocument();
  });

  it('links PURCHASE to /purchase/<id>', () => {
    renderWithProviders(<ProductDetails product={generator} />);
    const link = screen.getByRole('link', { name: 'Purchase Diesel Generator 60 kVA' });
    expect(link).toHaveTextContent('PURCHASE');
    expect(link).toHaveAttribute('href', '/purchase/64b7f0c2a1b2c3d4e5f60002');
  });

  it('puts further calls to action beside Purchase', () => {
    renderWithProviders(<ProductDetails product={generator} actions={<button type="button">Another action</button>} />);
    const actions = within(screen.getByTestId('product-actions'));
    expect(actions.getAllByRole('link').length + actions.getAllByRole('button').length).toBe(2);
    expect(actions.getByRole('button', { name: 'Another action' })).toBeInTheDocument();
  });

  it('is one article named by the product', () => {
    renderWithProviders(<ProductDetails product={generator} />);
    expect(screen.getByRole('article', { name: 'Diesel Generator 60 kVA' })).toBeInTheDocument();
  });

  it('says Out of stock below the minimum, with a PURCHASE that is no link', () => {
    renderWithProviders(<ProductDetails product={{ ...generator, avaialbequantit: 1, minimumquantity: 2 }} />);
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: `Purchase ${generator.name}` })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Purchase ${generator.name}` })).toBeDisabled();
  });
});
