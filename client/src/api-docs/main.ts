/**
 * The API reference at /docs: Redoc renders the API's own OpenAPI document
 * (GET /openapi.json on the API). A page of its own (docs/index.html), so
 * none of this is part of the app's load; Redoc's bundle is a file of this
 * build (vite.config.ts, redocStandalone), and the page loads nothing from
 * any origin but the site's and the API's.
 */
import redocUrl from 'virtual:redoc-standalone';
import { docsMessages } from '@/config/docs-messages';
import { env } from '@/config/env';
import { site } from '@/config/site';

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
document.title = `${docsMessages.title} | ${site.storeName}`;
root.textContent = docsMessages.loading;

function failed() {
  root.textContent = docsMessages.failed;
  root.setAttribute('aria-busy', 'false');
}

loadScript(redocUrl)
  .then(() => {
    root.textContent = '';
    window.Redoc!.init(
      `${env.API_URL}/openapi.json`,
      {},
      root,
      (error) => {
        if (error) failed();
        else root.setAttribute('aria-busy', 'false');
      },
    );
  })
  .catch(failed);
