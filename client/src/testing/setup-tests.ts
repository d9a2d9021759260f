import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // (The prerender step's tests run in Node, without a window.)
  if (typeof window !== 'undefined') window.localStorage.clear();
});
