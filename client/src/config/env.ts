/** Typed access to build-time environment. Read here only; never `import.meta.env` elsewhere. */
const DEFAULT_API_URL = 'http://localhost:5000';

function trimTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export const env = {
  /** Base URL of the storefront API (the Go server). */
  API_URL: trimTrailingSlash(import.meta.env.VITE_API_URL || DEFAULT_API_URL),
} as const;
