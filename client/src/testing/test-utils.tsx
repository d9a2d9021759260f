import { QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProvider } from '@/app/provider';

interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The URL the router starts at. */
  route?: string;
}

/** Renders `ui` inside the app's providers and a memory router; routes other than `ui`'s show their path. */
export function renderWithProviders(ui: ReactElement, { route = '/', ...options }: RenderWithProvidersOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <Routes>
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </AppProvider>,
    options,
  );
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}
