import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import StatsStrip from './stats-strip';

describe('StatsStrip', () => {
  it('shows the four stats with the spec’s texts, in the spec’s order', () => {
    renderWithProviders(<StatsStrip />);
    const items = within(screen.getByTestId('stats-strip')).getAllByRole('listitem');
    expect(items.map((item) => [...item.querySelectorAll('p')].map((p) => p.textContent))).toEqual([
      ['Total Products', '5M', '40% more than last month'],
      ['Total Order', '2.6 M', '21% more than last month'],
      ['Served', '1M', '1M Served this month'],
      ['47%', 'Tasks done', '31 tasks remaining'],
    ]);
  });

  it('is a section named for screen readers', () => {
    renderWithProviders(<StatsStrip />);
    expect(screen.getByRole('region', { name: 'Our numbers' })).toBeInTheDocument();
  });
});
