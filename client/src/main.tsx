import '@/styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from '@/app/provider';
import { AppRouter, preloadRoute } from '@/app/router';
import { preloadFooter } from '@/features/layout/components/main-layout';
import { createQueryClient } from '@/lib/query-client';
import { seedServerQueries, startFromServerMarkup, type ServerMarkupMode } from '@/lib/server-markup';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (queryClient?: QueryClient) => (
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

/**
 * The code the first render of `pathname` needs, so that it renders the page at once (never a fallback).
 * Hydrating, the prerendered parts below the fold (LazyOnVisible) keep the server's markup until they
 * near the viewport, so only the route's own code is needed; replacing, the footer's too.
 */
function preload(pathname: string, mode: ServerMarkupMode, withPrerendered = false): Promise<unknown> {
  startFromServerMarkup(pathname, mode);
  // Should a chunk fail to load, render anyway: the page's own error handling shows it.
  return Promise.all([preloadRoute(pathname, withPrerendered), mode === 'replace' && preloadFooter()]).catch(() => undefined);
}

/**
 * Resolves once the browser has painted the server's HTML (a frame, then a task), so that the first
 * paint of a prerendered or server-rendered page never waits for the app's script to hydrate it.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

async function start(root: HTMLElement) {
  const { pathname } = window.location;
  if (root.dataset.prerendered === pathname || root.dataset.ssr) await afterFirstPaint();
  if (root.dataset.prerendered === pathname) {
    // Prerendered at build time (vite.config.ts, prerenderPages): the same components, signed out, no data.
    // Hydrated at once, while the route's code loads: the page is inside a Suspense boundary, whose server
    // markup React keeps until that code is here, and the header is live (a click before it is hydrated
    // makes React hydrate it first) from the moment this script runs.
    // The Go server may have answered some of its queries in the page (the home page's featured products).
    const queryClient = createQueryClient();
    seedServerQueries(queryClient);
    void preload(pathname, 'hydrate');
    // As a transition, the hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page (Next.js starts its hydration the same way).
    startTransition(() => {
      hydrateRoot(root, app(queryClient));
    });
  } else if (root.dataset.ssr === 'product') {
    // Rendered by the Go server from product.html: replaced in one commit by the same page, from the same product.
    const queryClient = createQueryClient();
    const data = document.getElementById('ssr-product')?.textContent;
    if (data) {
      const { seedProductQuery } = await import('@/app/ssr-product');
      seedProductQuery(queryClient, pathname, JSON.parse(data) as Parameters<typeof seedProductQuery>[2]);
    }
    await preload(pathname, 'replace');
    // Rendered in slices (a transition), then committed at once: the server's page stays until then.
    startTransition(() => createRoot(root).render(app(queryClient)));
  } else if (root.dataset.ssr === 'not-found') {
    // The server's 404 page for a product path: the client's first render is the same page.
    const queryClient = createQueryClient();
    const { prefetchProductQuery } = await import('@/app/ssr-product');
    // The product page shows the not-found page for it, whose code (drawn with MUI) it loads only then: here, first.
    await Promise.all([prefetchProductQuery(queryClient, pathname), preload(pathname, 'replace', true)]);
    startTransition(() => createRoot(root).render(app(queryClient)));
  } else {
    createRoot(root).render(app());
  }
}

void start(container);
