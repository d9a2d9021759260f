import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import AboutSection from './about-section';

describe('AboutSection', () => {
  it('claims over 320 projects and $150 million (site.ts)', () => {
    renderWithProviders(<AboutSection />);
    const section = screen.getByRole('region', { name: /320 projects/ });
    expect(section).toHaveTextContent('over 320 projects');
    expect(section).toHaveTextContent('$150 million');
  });

  it('More About Us is a link to /about, and following it goes there', async () => {
    renderWithProviders(<AboutSection />, { route: '/' });
    const link = screen.getByRole('link', { name: 'More About Us' });
    expect(link).toHaveAttribute('href', '/about');
    await userEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/about$/);
  });

  it('draws a 450×350 bar chart of six months with two series: investment and sell', async () => {
    const { container } = renderWithProviders(<AboutSection />);
    const chart = screen.getByRole('img', { name: /Bar chart of investment and sell/ });
    await vi.waitFor(() => expect(container.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(12), { timeout: 5000 });
    const svg = chart.querySelector('.recharts-wrapper > svg')!;
    expect(svg).toHaveAttribute('width', '450');
    expect(svg).toHaveAttribute('height', '350');
    const series = container.querySelectorAll('.recharts-bar');
    expect(series).toHaveLength(2);
    for (const bar of series) expect(bar.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(6);
    expect([...container.querySelectorAll('.recharts-legend-item-text')].map((e) => e.textContent)).toEqual(['Investment', 'Sell']);
    // One tick per month (jsdom measures no text, so recharts draws the ticks without labels here).
    expect(container.querySelectorAll('.recharts-xAxis .recharts-cartesian-axis-tick')).toHaveLength(6);
  });

  it('gives screen readers the figures as a table', () => {
    renderWithProviders(<AboutSection />);
    const table = screen.getByRole('table', { name: 'Investment and sell, March to August' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(7);
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Month', 'Investment', 'Sell']);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Mar');
    expect(rows[1]).toHaveTextContent('$120,000');
    expect(rows[1]).toHaveTextContent('$148,000');
    expect(within(rows[6]!).getByRole('rowheader')).toHaveTextContent('Aug');
  });
});
