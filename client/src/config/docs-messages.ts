/** The texts of the API reference page (/docs, src/api-docs). */
export const docsMessages = {
  title: 'API reference',
  loading: 'Loading the API reference…',
  failed: 'The API reference could not be loaded. Please try again later.',
} as const;
