import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, loadEnv, type Plugin, type ResolvedConfig } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { docsMessages } from './src/config/docs-messages.ts';
import { site } from './src/config/site.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));

/** react-router's package exports always point at its development build; this is its production build. */
function reactRouterProductionBuild(): string {
  const devEntry = createRequire(import.meta.url).resolve('react-router'); // .../dist/development/index.js
  return join(dirname(dirname(devEntry)), 'production', 'index.mjs');
}

/**
 * The home route is lazy (so other pages stay out of the first load), but it is
 * also what `/` shows first. Preloading its chunk from index.html lets the
 * browser fetch it in parallel with the entry instead of after it.
 */
function preloadHomeRoute(): Plugin {
  return {
    name: 'storefront:preload-home-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle || ctx.path !== '/index.html') return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const closure = (start: string[]) => {
          const seen = new Set<string>();
          const queue = [...start];
          while (queue.length) {
            const name = queue.shift()!;
            if (seen.has(name)) continue;
            seen.add(name);
            queue.push(...(chunks.find((c) => c.fileName === name)?.imports ?? []));
          }
          return seen;
        };
        const home = chunks.find((c) => c.facadeModuleId?.endsWith('/src/app/routes/home.tsx'));
        if (!home) return [];
        // Vite already preloads the entry's own imports.
        const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
        const files = [...closure([home.fileName])].filter((f) => !entry.has(f));
        return files.map((file) => ({
          tag: 'link',
          // data-route: the prerender step leaves these out of the other pages.
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-route': '/' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Leaves MUI's CSS-theme-variables machinery out of the build (~7 KB gzip of
 * the first load). MUI's `createTheme` and `ThemeProvider` pick between the
 * plain and the CSS-variables implementations at run time, so bundlers keep
 * both, and every component's default theme goes through `createTheme`
 * (upstream: mui/material-ui#48607). This app's theme has no `cssVariables`
 * and no `colorSchemes` (lib/theme.ts), so only the plain path ever runs; the
 * other one is replaced by stubs that fail loudly should anyone opt in.
 */
function muiWithoutCssVariables(): Plugin {
  const stubs: Record<string, { importer: RegExp; id: string; code: string }> = {
    './createThemeWithVars.mjs': {
      importer: /[\\/]@mui[\\/]material[\\/]styles[\\/][^\\/]+\.mjs$/,
      id: '\0storefront:mui-create-theme-with-vars',
      code: 'export default function createThemeWithVars() { throw new Error("CSS theme variables are left out of this build (see vite.config.ts)."); }',
    },
    './ThemeProviderWithVars.mjs': {
      importer: /[\\/]@mui[\\/]material[\\/]styles[\\/]ThemeProvider\.mjs$/,
      id: '\0storefront:mui-css-vars-provider',
      code: 'export function CssVarsProvider() { throw new Error("CSS theme variables are left out of this build (see vite.config.ts)."); }',
    },
  };
  return {
    name: 'storefront:mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const stub = stubs[source];
      return stub && importer && stub.importer.test(importer) ? stub.id : null;
    },
    load(id) {
      return Object.values(stubs).find((stub) => stub.id === id)?.code ?? null;
    },
  };
}

/** Opens the connection to the API while the app's code is still loading. */
function preconnectApi(apiUrl: string): Plugin {
  return {
    name: 'storefront:preconnect-api',
    transformIndexHtml() {
      return [{ tag: 'link', attrs: { rel: 'preconnect', href: new URL(apiUrl).origin, crossorigin: 'anonymous' }, injectTo: 'head' }];
    },
  };
}

/**
 * Paints the header bar from the HTML itself, before any JS has run (React
 * replaces it on its first render with the same-sized real header, so nothing
 * shifts). Route-agnostic: index.html serves every path.
 */
function appShell(storeName: string, tagline: string, description: string): Plugin {
  const logo = readFileSync(fileURLToPath(new URL('./public/favicon.svg', import.meta.url)), 'utf8')
    .trim()
    .replace('<svg ', '<svg width="36" height="36" aria-hidden="true" ');
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const name = escape(storeName);
  const css =
    'body{margin:0;background:#f4f5f7;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans","Liberation Sans",sans-serif}' +
    '.app-shell{position:sticky;top:0;background:#fff;border-bottom:1px solid #dde1e6}' +
    '.app-shell>div{box-sizing:border-box;max-width:1200px;margin:0 auto;padding:0 16px;min-height:64px;display:flex;align-items:center;gap:10px;color:#14181d;font-weight:900;font-size:1.05rem;letter-spacing:-.01em}' +
    '@media(min-width:600px){.app-shell>div{padding:0 24px;font-size:1.2rem}}@media(min-width:900px){.app-shell>div{min-height:72px}}';
  return {
    name: 'storefront:app-shell',
    transformIndexHtml(html, ctx) {
      if (ctx.path !== '/index.html') return html;
      return {
        html: html
          .replace('<title>Storefront</title>', `<title>${name} | ${escape(tagline)}</title>`)
          .replace('%STORE_DESCRIPTION%', escape(description))
          .replace('<div id="root"></div>', `<div id="root"><header class="app-shell"><div>${logo}<span>${name}</span></div></header></div>`),
        tags: [{ tag: 'style', children: css, injectTo: 'head' }],
      };
    },
  };
}

/**
 * The API reference page (/docs, docs/index.html): its title, and the URL of
 * the API's document in its `data-spec-url`, are written into the HTML here,
 * so that the page shares no module with the app (a shared module would be a
 * chunk of its own, one more file in the load of `/`).
 *
 * Redoc's standalone bundle is served as a file of its own:
 * `import redocUrl from 'virtual:redoc-standalone'` is its URL. It is Redoc's published bundle with one change: its sidebar's
 * logo, an image on Redocly's CDN, is left out (an empty src, which Redoc's own
 * error handler then hides), so that the page makes no request to another origin.
 * The build fails if that image is no longer where this expects it.
 */
function apiReference(apiUrl: string, storeName: string): Plugin {
  const id = 'virtual:redoc-standalone';
  const cdnLogo = '"https://cdn.redoc.ly/redoc/logo-mini.svg"';
  let source = '';
  let fileName = '';
  let license = '';
  let building = false;
  const load = () => {
    if (source) return;
    const path = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
    const original = readFileSync(path, 'utf8');
    if (original.split(cdnLogo).length !== 2) {
      throw new Error(`redocStandalone: ${path} no longer has exactly one ${cdnLogo}; check that the page still loads nothing from another origin`);
    }
    const hash = createHash('sha256').update(original).digest('hex').slice(0, 10);
    fileName = `assets/redoc.standalone-${hash}.js`;
    // Its bundled packages' licences travel with it, under the name its first line gives.
    license = readFileSync(`${path}.LICENSE.txt`, 'utf8');
    source = original
      .replace(cdnLogo, '""')
      .replace('redoc.standalone.js.LICENSE.txt', `redoc.standalone-${hash}.js.LICENSE.txt`)
      .replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
  };
  return {
    name: 'storefront:api-reference',
    configResolved(config) {
      building = config.command === 'build';
    },
    transformIndexHtml(html, ctx) {
      if (ctx.path !== '/docs/index.html') return html;
      const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
      return html
        // The app's one stylesheet (build.cssCodeSplit is off): Vite links it from every page, but it is not this page's.
        .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
        .replace('<title>API reference</title>', `<title>${escape(`${docsMessages.title} | ${storeName}`)}</title>`)
        .replace('%API_DOCUMENT_URL%', escape(`${apiUrl.replace(/\/+$/, '')}/openapi.json`));
    },
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(loadId) {
      if (loadId !== `\0${id}`) return null;
      load();
      if (building) {
        this.emitFile({ type: 'asset', fileName, source });
        this.emitFile({ type: 'asset', fileName: `${fileName}.LICENSE.txt`, source: license });
      }
      return `export default ${JSON.stringify(`/${fileName}`)};`;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        // The built site's server answers /docs with the page; Vite's dev server needs the slash.
        if (req.url === '/docs') {
          res.writeHead(302, { Location: '/docs/' });
          res.end();
          return;
        }
        load();
        if (req.url !== `/${fileName}`) return next();
        res.setHeader('Content-Type', 'text/javascript');
        res.end(source);
      });
    },
  };
}

/** What the prerendered HTML of a page may add to the plain shell (gzip), and the folder the step builds in. */
const PRERENDER_BUDGET_KB = 15;

/**
 * After the client build: builds src/prerender/render.tsx for Node (Vite's
 * SSR build, same config), runs it, and writes the pages it renders into the
 * output folder: index.html (/), portfolio/, blog/, landing/ (prerendered,
 * hydrated by main.tsx), app.html (the plain shell), product.html and
 * home.html (the templates the Go server fills) and 404.html. Prints each page's gzip size and
 * fails when the prerendered markup of `/` adds more than the budget.
 */
function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'storefront:prerender',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      // Inside the client's node_modules, so that Node finds the packages the Node build leaves external.
      const cacheDir = join(config.root, 'node_modules', '.cache');
      mkdirSync(cacheDir, { recursive: true });
      const work = mkdtempSync(join(cacheDir, 'prerender-'));
      try {
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          build: { ssr: 'src/prerender/render.tsx', outDir: work, emptyOutDir: true, manifest: false, copyPublicDir: false },
        });
        const entry = readdirSync(work).find((name) => /^render\.m?js$/.test(name));
        if (!entry) throw new Error(`prerender: the Node build wrote no render.js into ${work}`);
        // The packages the Node build leaves external (React, MUI, emotion) pick their production builds
        // from NODE_ENV when first loaded, as the browser bundle has them (emotion's class names, for one).
        process.env.NODE_ENV = config.isProduction ? 'production' : 'development';
        const { buildPages } = (await import(pathToFileURL(join(work, entry)).href)) as typeof import('./src/prerender/render');
        const files = await buildPages(readFileSync(join(outDir, 'index.html'), 'utf8'));
        const gzipKB = (html: string) => gzipSync(html).length / 1000;
        const shellKB = gzipKB(files['app.html']!);
        const lines = Object.entries(files).map(([file, html]) => {
          mkdirSync(dirname(join(outDir, file)), { recursive: true });
          writeFileSync(join(outDir, file), html);
          return `  ${file.padEnd(20)} ${gzipKB(html).toFixed(1).padStart(5)} KB gzip`;
        });
        const addedKB = gzipKB(files['index.html']!) - shellKB;
        // The Go server's / (home.html filled with the featured products): here with the template's card, tokens in place.
        const homeAddedKB = gzipKB(files['home.html']!) - shellKB;
        config.logger.info(
          `\nPrerendered pages:\n${lines.join('\n')}\n` +
            `Prerendered HTML of / adds ${addedKB.toFixed(1)} KB gzip to the plain shell (budget ${PRERENDER_BUDGET_KB} KB)\n` +
            `  with the featured cards (home.html, one card of tokens): ${homeAddedKB.toFixed(1)} KB gzip`,
        );
        if (addedKB > PRERENDER_BUDGET_KB) throw new Error(`prerender: the HTML of / is over budget by ${(addedKB - PRERENDER_BUDGET_KB).toFixed(1)} KB`);
        if (homeAddedKB > PRERENDER_BUDGET_KB)
          throw new Error(`prerender: the HTML of / with its featured cards is over budget by ${(homeAddedKB - PRERENDER_BUDGET_KB).toFixed(1)} KB`);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A CSS module's class name in the build: short (the stylesheet is in the first load) and letters
 * only, so that no digits of a hash can be taken for a number of the prerendered templates (whose
 * stand-in numbers the prerender step checks are all gone), the same in the client and the Node build.
 */
function shortClassName(local: string, filename: string): string {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const hash = createHash('sha256').update(`${relative(root, filename.replace(/\?.*$/, ''))}\0${local}`).digest();
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from(hash.subarray(0, 6), (byte) => letters[byte % letters.length]).join('');
}

/**
 * In Vitest, CSS is not processed (test.css is off: a CSS file is an empty module), and CSS imported
 * as text (`swiper/css?inline`, see src/lib/style-sheet.ts) is an empty string the same way, without
 * reading the file (a package's file by query is refused outside the workspace's folders).
 */
function inlineCssInTests(): Plugin {
  const id = '\0storefront:inline-css';
  return {
    name: 'storefront:inline-css-in-tests',
    enforce: 'pre',
    // Vitest's own server only: the e2e setup builds the client inside Vitest's process too.
    apply: (_config, env) => !!process.env.VITEST && env.command === 'serve',
    resolveId: (source) => (/\.css\?inline$|^swiper\/css(\/[a-z0-9-]+)?\?inline$/.test(source) ? id : null),
    load: (loadId) => (loadId === id ? 'export default "";' : null),
  };
}

const DEFAULT_API_URL = 'http://localhost:5000'; // keep in step with src/config/env.ts

/** The API's address the build is for (VITE_API_URL, as src/config/env.ts reads it). */
const apiUrlOf = (mode: string) =>
  loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_').VITE_API_URL || DEFAULT_API_URL;

/** Component tests that replace a module (vi.mock): each runs in its own module graph and jsdom. */
const MOCKING_FILES = ['src/features/orders/components/purchase-form.test.tsx', 'src/features/payment/components/stripe-card-form.test.tsx'];

export default defineConfig(({ command, mode, isSsrBuild }) => ({
  plugins: [
    react(),
    inlineCssInTests(),
    muiWithoutCssVariables(),
    preloadHomeRoute(),
    appShell(site.storeName, site.tagline, site.description),
    preconnectApi(apiUrlOf(mode)),
    apiReference(apiUrlOf(mode), site.storeName),
    prerenderPages(),
  ],
  resolve: {
    alias: {
      '@': src,
      ...(command === 'build' && mode === 'production' ? { 'react-router': reactRouterProductionBuild() } : {}),
    },
  },
  css: { modules: { generateScopedName: mode === 'production' ? shortClassName : '[name]_[local]_[hash:base64:4]' } },
  // The API's default CORS_ORIGINS allow these two local origins.
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // The CSS of the parts drawn without MUI (CSS modules: the shell, `/`, and the small parts they share
    // with other pages) in one stylesheet that every page links in its head, so that a prerendered or
    // server-rendered page has all of it before its first paint (split, a lazy route's CSS would come
    // with its code, after that paint). MUI's styles are emotion's, in the JS.
    cssCodeSplit: false,
    // Every browser the app supports (es2022) has <link rel="modulepreload"> (Chromium, Firefox, Safari since 2023): no polyfill in the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Chunks by their hash alone: the entry carries the file name of every chunk a page may load (the
        // preload lists of Vite's dynamic imports), ~200 of them, and the names cost the first load of `/`
        // about 0.9 KB gzip (issue 31). The manifest (.vite/manifest.json) still maps each to its source.
        chunkFileNames: 'assets/[hash].js',
        // The libraries every page runs, in one chunk: left to itself the bundler
        // cut them into several small ones as routes were added, and each costs
        // gzip a fresh dictionary (149.4 KB first load of / with the cart's
        // routes; 147.8 KB with this group).
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/ },
            // The small modules of the first load of `/` that other pages share too (the headings, buttons,
            // card and picture, the product query): one chunk instead of ten, each of which cost gzip a
            // dictionary of its own (issue 31: 117.1 -> see docs/architecture.md).
            {
              name: 'first-load',
              test: /[\\/]src[\\/](components[\\/]ui[\\/](class-names|container|steel-panel|section-heading|product-picture|button-link|card-grid|error-message|loading-spinner)|utils[\\/]format|lib[\\/]auth-token|features[\\/]catalogue[\\/](api[\\/]get-products|components[\\/]product-card)|features[\\/]home[\\/]components[\\/]banner)\.(tsx?|module\.css)$/,
            },
          ],
        },
      },
      // The app, and the API reference (/docs): a page of its own, so that
      // Redoc is never part of the app's load.
      // (The prerender step's Node build has its own entry, build.ssr.)
      input: isSsrBuild
        ? undefined
        : {
            main: fileURLToPath(new URL('./index.html', import.meta.url)),
            docs: fileURLToPath(new URL('./docs/index.html', import.meta.url)),
          },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // Component tests with user-event take seconds on a loaded 2-core machine.
    testTimeout: 15_000,
    // Both cores (Vitest's default leaves one free: one worker on this machine).
    maxWorkers: 2,
    // Most files share their worker's jsdom and module graph (no new environment
    // and imports per file: 177 s -> about 45 s here); a file that replaces a
    // module with vi.mock runs in a fresh one, so its mock reaches no other file.
    // setup-tests.ts resets what the app keeps between renders (localStorage),
    // and stubbed globals (fetch) are put back after every test.
    projects: [
      { extends: true, test: { name: 'shared', isolate: false, include: ['src/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, ...MOCKING_FILES] } },
      { extends: true, test: { name: 'isolated', isolate: true, include: MOCKING_FILES } },
    ],
  },
}));
