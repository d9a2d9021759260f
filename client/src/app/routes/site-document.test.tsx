import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { siteDocuments } from '@/config/site-documents';
import { renderWithProviders } from '@/testing/test-utils';
import SiteDocumentPage from './site-document';

const POLICIES = [
  { path: '/terms', content: siteDocuments.terms, title: 'Terms of sale', updated: 'November 23, 2026' },
  { path: '/privacy', content: siteDocuments.privacy, title: 'Privacy policy', updated: 'November 25, 2026' },
  { path: '/warranty', content: siteDocuments.warranty, title: 'Warranty policy', updated: 'November 23, 2026' },
] as const;

describe('SiteDocumentPage', () => {
  for (const { path, content, title, updated: date } of POLICIES) {
    it(`${path}: the ${title} from site-documents.ts, every section under its heading, with its date and the page title`, async () => {
      renderWithProviders(<SiteDocumentPage />, { route: path });
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
      expect(screen.getByText(content.summary)).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(content.sections.map((s) => s.heading));
      for (const section of content.sections) {
        const region = screen.getByRole('region', { name: section.heading });
        for (const paragraph of 'paragraphs' in section ? section.paragraphs : []) expect(within(region).getByText(paragraph)).toBeInTheDocument();
        for (const item of 'items' in section ? section.items : []) expect(within(region).getByText(item).tagName).toBe('LI');
      }
      const updated = screen.getByText('Last updated', { exact: false });
      expect(updated).toHaveTextContent(`Last updated ${date}`);
      expect(updated.querySelector('time')).toHaveAttribute('dateTime', content.updated);
      await vi.waitFor(() => expect(document.title).toBe(`${title} | Ironclad Machinery`));
    });
  }

  it('/terms states minimum order quantities, card payment and delivery', () => {
    renderWithProviders(<SiteDocumentPage />, { route: '/terms' });
    expect(screen.getByRole('region', { name: 'Orders and minimum quantities' })).toHaveTextContent(/minimum order quantity/);
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent(/payment by card .* Stripe/);
    expect(screen.getByRole('region', { name: 'Delivery' })).toHaveTextContent(/deliver to the address you give/);
  });

  it('/privacy says what is kept and why, that Stripe handles cards, and how to reach us', () => {
    renderWithProviders(<SiteDocumentPage />, { route: '/privacy' });
    expect(within(screen.getByRole('region', { name: 'What we keep, and why' })).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    expect(screen.getByRole('region', { name: 'Card payments' })).toHaveTextContent(/handled by Stripe/);
    expect(screen.getByRole('link', { name: 'sales@ironclad-machinery.example' })).toHaveAttribute('href', 'mailto:sales@ironclad-machinery.example');
  });

  it('/privacy says what an account’s deletion deletes and what it keeps, and why', () => {
    renderWithProviders(<SiteDocumentPage />, { route: '/privacy' });
    const deletion = screen.getByRole('region', { name: 'Deleting your account' });
    expect(deletion).toHaveTextContent(/Account page of your dashboard/);
    expect(deletion).toHaveTextContent(/paid orders, because tax and accounting rules require us to keep them for 7 years/);
    expect(deletion).toHaveTextContent(/name, e-mail address, delivery address and mobile number removed/);
    expect(deletion).toHaveTextContent(/"Former customer"/);
  });

  it('/warranty keeps the banner’s promise (2 months of delivery) and lists the claim as numbered steps', () => {
    renderWithProviders(<SiteDocumentPage />, { route: '/warranty' });
    expect(screen.getByRole('region', { name: 'Our promise' })).toHaveTextContent(/within 2 months of the day it was delivered/);
    const steps = within(screen.getByRole('region', { name: 'How to claim' })).getAllByRole('list')[0]!;
    expect(steps.tagName).toBe('OL');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('region', { name: 'What is not covered' })).toHaveTextContent(/Wear parts/);
  });

  it('/about has no date, and its links go to the warranty policy and the catalogue', async () => {
    renderWithProviders(<SiteDocumentPage />, { route: '/about' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('About Ironclad Machinery');
    expect(screen.queryByText('Last updated', { exact: false })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute('href', '/products');
    await userEvent.click(screen.getByRole('link', { name: 'Read the warranty policy' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/warranty$/);
  });

  it('a path it has no text for shows the not-found page', () => {
    renderWithProviders(<SiteDocumentPage />, { route: '/nothing' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
  });
});
