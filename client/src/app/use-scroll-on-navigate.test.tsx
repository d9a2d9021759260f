import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollOnNavigate } from './use-scroll-on-navigate';

function Page() {
  useScrollOnNavigate();
  return (
    <>
      <Link to="/products">Products</Link>
      <Link to="/#reviews">Reviews</Link>
      <Link to="/">Home</Link>
      <section id="reviews">Reviews section</section>
    </>
  );
}

function start(path: string) {
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('useScrollOnNavigate', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  let scrollIntoView: ReturnType<typeof vi.fn<(arg?: boolean | ScrollIntoViewOptions) => void>>;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept only to be put back on the prototype after each test
  const jsdomScrollIntoView = Element.prototype.scrollIntoView;
  beforeEach(() => {
    scrollTo = vi.fn();
    scrollIntoView = vi.fn<(arg?: boolean | ScrollIntoViewOptions) => void>();
    vi.stubGlobal('scrollTo', scrollTo);
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Element.prototype.scrollIntoView = jsdomScrollIntoView;
  });

  it('leaves the first page where the reader is (scrolled before the app took over, or restored by the browser)', () => {
    start('/');
    expect(scrollTo).not.toHaveBeenCalled();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('brings a new page to its top', () => {
    start('/');
    act(() => screen.getByRole('link', { name: 'Products' }).click());
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    act(() => screen.getByRole('link', { name: 'Home' }).click());
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('scrolls to the anchor a link or the first URL names', () => {
    start('/products');
    act(() => screen.getByRole('link', { name: 'Reviews' }).click());
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('reviews'));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('finds the first URL’s anchor once the app has rendered it', () => {
    start('/#reviews');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
