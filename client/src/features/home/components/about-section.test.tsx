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

  it('More About Us shows the rest of the copy and goes nowhere', async () => {
    renderWithProviders(<AboutSection />, { route: '/' });
    const button = screen.getByRole('button', { name: 'More About Us' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/spare parts in stock/)).not.toBeVisible();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/spare parts in stock/)).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
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
