import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { CardGrid } from './card-grid';

const cards = ['Press', 'Lathe', 'Drill'].map((name) => <li key={name}>{name}</li>);

describe('CardGrid', () => {
  it('lists the cards', () => {
    renderWithProviders(<CardGrid wide={5}>{cards}</CardGrid>);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('list')).not.toHaveAttribute('aria-busy');
  });

  it('while refreshing, is dimmed and marked busy; then back to normal', () => {
    const { rerender } = renderWithProviders(<CardGrid wide={4} busy>{cards}</CardGrid>);
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('list')).toHaveStyle({ opacity: '0.6' });
    rerender(<CardGrid wide={4} busy={false}>{cards}</CardGrid>);
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('list')).toHaveStyle({ opacity: '1' });
  });
});
