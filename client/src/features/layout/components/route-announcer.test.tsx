import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useState, type ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { MAIN_ID, RouteAnnouncer } from './route-announcer';

/** A page as the app's are: its own <title>, which React puts in the document's head. */
function Page({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <title>{title}</title>
      <h1>{title}</h1>
      {children}
    </>
  );
}

/** A list whose page is in the query only. */
function List() {
  const [params] = useSearchParams();
  return (
    <Page title="List | Shop">
      <p>Page {params.get('page') ?? '1'}</p>
      <Link to="?page=2">Next page</Link>
    </Page>
  );
}

/** Shows a spinner, then (as a page whose data arrived) its own title. */
function SlowPage() {
  const [loaded, setLoaded] = useState(false);
  if (!loaded) {
    return (
      <>
        <title>Product | Shop</title>
        <LoadingSpinner />
        <button type="button" onClick={() => setLoaded(true)}>
          Arrive
        </button>
      </>
    );
  }
  return <Page title="Pump X | Shop" />;
}

function App({ start, dialog = false }: { start: string; dialog?: boolean }) {
  return (
    <StrictMode>
      <MemoryRouter initialEntries={[start]}>
        <nav>
          <Link to="/">Home</Link>
          <Link to="/list">List</Link>
          <Link to="/same">Same title</Link>
          <Link to="/slow">Slow</Link>
          <Link to="/#reviews">Reviews</Link>
        </nav>
        {/* Kept open across the navigation, as a drawer that has not closed yet would be. */}
        {dialog && (
          <div role="dialog" aria-modal="true" aria-label="Menu">
            <Link to="/list">List from the dialog</Link>
          </div>
        )}
        <RouteAnnouncer />
        <main id={MAIN_ID} tabIndex={-1}>
          <Routes>
            <Route path="/" element={<Page title="Home | Shop" />} />
            <Route path="/list" element={<List />} />
            <Route path="/same" element={<Page title="Home | Shop" />} />
            <Route path="/slow" element={<SlowPage />} />
          </Routes>
        </main>
      </MemoryRouter>
    </StrictMode>
  );
}

/** The polite live region (the only one outside the spinner). */
function liveRegion(): HTMLElement {
  const region = document.querySelector<HTMLElement>('[aria-live="polite"][aria-atomic="true"]');
  if (!region) throw new Error('no live region');
  return region;
}

const main = () => document.getElementById(MAIN_ID);

function click(name: string) {
  act(() => screen.getByRole('link', { name }).click());
}

describe('RouteAnnouncer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('on the first page: focus stays where the browser put it, nothing is announced', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<App start="/list" />);
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(document.activeElement).toBe(document.body);
    expect(liveRegion()).toHaveTextContent('');
  });

  it('after a link to another page: focus on <main> (not scrolled), and the new title announced', async () => {
    render(<App start="/" />);
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    click('List');
    expect(document.activeElement).toBe(main());
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    await waitFor(() => expect(liveRegion()).toHaveTextContent('List | Shop'));
    expect(document.title).toBe('List | Shop');
  });

  it('a change of the query alone (a list’s next page) neither moves focus nor announces', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<App start="/list" />);
    const next = screen.getByRole('link', { name: 'Next page' });
    next.focus();
    act(() => next.click());
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(document.activeElement).toBe(next);
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(liveRegion()).toHaveTextContent('');
  });

  it('a link to an anchor leaves focus to the anchor’s own handling, but announces the page', async () => {
    render(<App start="/list" />);
    const link = screen.getByRole('link', { name: 'Reviews' });
    link.focus();
    act(() => link.click());
    expect(document.activeElement).toBe(link);
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Home | Shop'));
  });

  it('waits for a page still loading, and announces the title it ends with', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<App start="/" />);
    click('Slow');
    expect(document.activeElement).toBe(main());
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(liveRegion()).toHaveTextContent('');
    act(() => screen.getByRole('button', { name: 'Arrive' }).click());
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Pump X | Shop'));
  });

  it('announces a page titled as the last one, once it has had time to change it', async () => {
    render(<App start="/" />);
    click('List');
    await waitFor(() => expect(liveRegion()).toHaveTextContent('List | Shop'));
    click('Home');
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Home | Shop'));
    const before = Date.now();
    click('Same title');
    // Emptied at once, so that the same words are a change the screen reader reads.
    expect(liveRegion()).toHaveTextContent('');
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Home | Shop'), { timeout: 3000 });
    expect(Date.now() - before).toBeGreaterThanOrEqual(900);
  });

  it('does not take focus out of an open dialog', () => {
    render(<App start="/" dialog />);
    const link = screen.getByRole('link', { name: 'List from the dialog' });
    link.focus();
    act(() => link.click());
    expect(screen.getByRole('heading', { name: 'List | Shop' })).toBeInTheDocument();
    expect(document.activeElement).toBe(link);
  });
});
