import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { SentRequest } from './sent-request';

// The API client sends each call as a Request (openapi-fetch); Node's Request
// cannot carry jsdom's File in a FormData. This one keeps the body as the app
// gave it, for the fakes to read.
globalThis.Request = SentRequest;

afterEach(() => {
  cleanup();
  // (The prerender step's tests run in Node, without a window.)
  if (typeof window !== 'undefined') {
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
});
