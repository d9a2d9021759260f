import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { SentRequest } from './sent-request';

// The API client sends each call as a Request (openapi-fetch); Node's Request
// cannot carry jsdom's File in a FormData. This one keeps the body as the app
// gave it, for the fakes to read.
globalThis.Request = SentRequest;

// findBy… and waitFor wait for what a user would see: 3 s rather than 1 s, so a loaded 2-core machine (two
// Vitest workers beside a build) does not fail a test whose answer is on its way. Only a failure waits longer.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  // (The prerender step's tests run in Node, without a window.)
  if (typeof window !== 'undefined') {
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
});
