/**
 * The API reference at /docs: Redoc renders the API's own OpenAPI document
 * (GET /openapi.json on the API). A page of its own (docs/index.html) that
 * imports nothing of the app, so none of this is part of the app's load;
 * Redoc's bundle is a file of this build (vite.config.ts, apiReference), and
 * the page loads nothing from any origin but the site's and the API's.
 */
import redocUrl from 'virtual:redoc-standalone';
import { docsMessages } from '@/config/docs-messages';

interface RedocGlobal {
  init(specUrl: string, options: Record<string, unknown>, element: HTMLElement, callback?: (error?: unknown) => void): void;
}

declare global {
  interface Window {
    Redoc?: RedocGlobal;
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${src} did not load`));
    document.head.append(script);
  });
}

const root = document.getElementById('api-reference')!;
/** The API's GET /openapi.json (VITE_API_URL's, written in by vite.config.ts). */
const specUrl = root.dataset.specUrl!;
root.textContent = docsMessages.loading;

function failed() {
  root.textContent = docsMessages.failed;
  root.setAttribute('aria-busy', 'false');
}

loadScript(redocUrl)
  .then(() => {
    root.textContent = '';
    window.Redoc!.init(
      specUrl,
      {},
      root,
      (error) => {
        if (error) failed();
        else root.setAttribute('aria-busy', 'false');
      },
    );
  })
  .catch(failed);
