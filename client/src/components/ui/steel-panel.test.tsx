import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { SteelPanel } from './steel-panel';
import s from './steel-panel.module.css';

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

  // (Its look, white text on the steel, is its CSS module's; tokens.test.ts checks the colours against the theme.)
  it('a card header is a plain block with the steel look and a card’s stripe by default, and keeps a caller’s class', () => {
    renderWithProviders(
      <SteelPanel data-testid="panel" className="layout">
        Ann Author
      </SteelPanel>,
    );
    const panel = screen.getByTestId('panel');
    expect(panel.tagName).toBe('DIV');
    expect(panel).toHaveClass(s.panel!, s.card!, 'layout');
    expect(panel).not.toHaveClass(s.hero!);
  });
});
