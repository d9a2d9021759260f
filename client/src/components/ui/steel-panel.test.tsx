import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { SteelPanel } from './steel-panel';

describe('SteelPanel', () => {
  it('renders as the element it is given, with its attributes (a hero is a named section)', () => {
    renderWithProviders(
      <SteelPanel component="section" id="warranty" aria-labelledby="hero-title" stripe="hero">
        <h1 id="hero-title">Replaced within 2 months</h1>
      </SteelPanel>,
    );
    const region = screen.getByRole('region', { name: 'Replaced within 2 months' });
    expect(region).toHaveAttribute('id', 'warranty');
  });

  it('a card header is a plain block with white text by default', () => {
    renderWithProviders(<SteelPanel data-testid="panel">Ann Author</SteelPanel>);
    const panel = screen.getByTestId('panel');
    expect(panel.tagName).toBe('DIV');
    expect(panel).toHaveStyle({ color: 'rgb(255, 255, 255)', position: 'relative' });
  });
});
