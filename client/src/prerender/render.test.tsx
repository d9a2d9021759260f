// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueMessages } from '@/config/catalogue-messages';
import { messages } from '@/config/messages';
import { pageMessages } from '@/config/page-messages';
import { site } from '@/config/site';
import { appRoutePatterns } from '@/app/route-patterns';
import { buildPages, FEATURED_MARKERS, ROUTES_FILE, FEATURED_TOKENS, PRODUCT_TOKENS, SSR_DATA_MARKER, SSR_HEAD_MARKER, STOCK_MARKERS, withStockVariants } from './render';

/** The built index.html, as Vite and the app shell plugin write it (trimmed). */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The store." />
    <title>Store | Tagline</title>
    <script type="module" crossorigin src="/assets/main-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/home-abc.js" data-route="/">
  </head>
  <body>
    <div id="root"><header class="app-shell"><div><svg></svg><span>Store</span></div></header></div>
  </body>
</html>`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

let pages: Record<string, string>;

/** The URLs the page's inline loader adds after the first paint (preloads, then the entry). */
function appLoads(html: string): string[] {
  const loader = /<script>requestAnimationFrame\([\s\S]*?var u=(\[[^\]]*\])/.exec(html);
  return loader ? (JSON.parse(loader[1]!) as string[]) : [];
}

beforeAll(async () => {
  pages = await buildPages(TEMPLATE);
}, 60_000);

describe('the prerender step', () => {
  it('writes every page file of the contract', () => {
    expect(Object.keys(pages).sort()).toEqual(
      ['404.html', 'app.html', 'blog/index.html', 'home.html', 'index.html', 'landing/index.html', 'portfolio/index.html', 'product.html', 'routes.json'].sort(),
    );
  });

  it('routes.json is the router’s route patterns, the dashboard’s included, for the server', async () => {
    const patterns = JSON.parse(pages[ROUTES_FILE]!) as string[];
    expect(patterns).toEqual(await appRoutePatterns());
    expect(patterns).toEqual(expect.arrayContaining(['/dashboard', '/dashboard/myorder', '/dashboard/order/:id', '/product/:id']));
    expect(patterns.filter((p) => p.includes('*'))).toEqual([]);
  });

  it('/ has the banner (the LCP text), the section headings, the About text and the footer, with their styles, and is marked for hydration', () => {
    const html = pages['index.html']!;
    expect(html).toContain('<div id="root" data-prerendered="/">');
    expect(html).toContain(escapeHtml(site.banner.title));
    expect(html).toContain(escapeHtml(messages.catalogue.sectionTitle));
    expect(html).toContain(escapeHtml(messages.reviews.sectionTitle));
    expect(html).toContain(escapeHtml(site.about.text));
    expect(html).toContain('<footer');
    expect(html).toMatch(/<style data-emotion="css [^"]+">[^<]+<\/style><\/head>/);
    // Its own title, once, where React's hydration expects it (at the start of #root, none in <head>).
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toMatch(new RegExp(`<div id="root" data-prerendered="/">(<link [^>]*>)*<title>${escapeHtml(`${site.storeName} | ${site.tagline}`)}</title>`));
    // Plain markup: nothing left to swap in by script.
    expect(html).not.toMatch(/<template|\$RC/);
    // The app's code (its route's preloads included) is asked for only after the first paint.
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    expect(appLoads(html)).toEqual(['/assets/home-abc.js', '/assets/main-abc.js']);
  });

  it('the other static routes are prerendered with their own title and without the home page’s preloads', () => {
    for (const [file, path, title] of [
      ['portfolio/index.html', '/portfolio', pageMessages.pages.portfolio],
      ['blog/index.html', '/blog', pageMessages.pages.blog],
      ['landing/index.html', '/landing', pageMessages.pages.landing],
    ] as const) {
      const html = pages[file]!;
      expect(html).toContain(`<div id="root" data-prerendered="${path}">`);
      expect(html).toContain(`data-prerendered="${path}"><title>${escapeHtml(`${title} | ${site.storeName}`)}</title>`);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).not.toContain('home-abc.js');
      expect(appLoads(html)).toEqual(['/assets/main-abc.js']);
      expect(html).toContain('<footer');
    }
  });

  it('app.html is the plain shell', () => {
    expect(pages['app.html']).toContain('<div id="root"><header class="app-shell">');
    expect(pages['app.html']).not.toContain('data-prerendered');
    expect(pages['app.html']).not.toContain('data-route="/"');
    expect(pages['app.html']).toContain('<script type="module" crossorigin src="/assets/main-abc.js"></script>');
  });

  it('product.html has every token, the markers, the store name, and no title or description of its own', () => {
    const html = pages['product.html']!;
    expect(html).toContain('<div id="root" data-ssr="product">');
    for (const token of Object.values(PRODUCT_TOKENS)) expect(html, token).toContain(token);
    // Drawn without MUI (issue 31).
    expect(html).toMatch(/<h1 class="[^"]+" id="product-name">/);
    expect(html).not.toMatch(/class="Mui/);
    expect(html).toMatch(/id="product-name">__SSR_NAME__<\/h1>/);
    expect(html).toContain('data-testid="product-price">__SSR_PRICE__</span>');
    expect(html).toContain(`<li>${escapeHtml(messages.catalogue.available(0)).replace('0', PRODUCT_TOKENS.stock)}</li>`);
    expect(html).toContain(`<li>${escapeHtml(messages.catalogue.minimumOrder(0)).replace('0', PRODUCT_TOKENS.minimum)}</li>`);
    expect(html).toContain('href="/purchase/__SSR_ID__"');
    expect(html).toContain('src="__SSR_IMAGE__" alt="__SSR_NAME__"');
    expect(html).toContain(escapeHtml(catalogueMessages.product.description));
    expect(html).not.toContain('<title');
    expect(html).not.toContain('name="description"');
    expect(html).toContain(`<meta name="application-name" content="${escapeHtml(site.storeName)}" />${SSR_HEAD_MARKER}</head>`);
    // Issue 49: the shop's address, for the server's invoices when SELLER_* is not set.
    expect(html).toContain(`<meta name="store-address" content="${escapeHtml(site.contact.address)}" />`);
    // The server's product JSON (at the marker) is in the page before the app's script is added, after the first paint.
    expect(html).toContain(`${SSR_DATA_MARKER}\n`);
    expect(html.indexOf(SSR_DATA_MARKER)).toBeLessThan(html.indexOf('<script>requestAnimationFrame'));
    expect(appLoads(html)).toEqual(['/assets/main-abc.js']);
    // The tokens only in text and double-quoted attributes.
    expect(html).not.toMatch(/='__SSR_|=__SSR_/);
    expect(html).not.toContain('home-abc.js');
  });

  it('home.html is / with its featured section for the Go server to fill: one card of tokens, the empty message, the query', () => {
    const html = pages['home.html']!;
    const index = pages['index.html']!;
    const [listOpen, listClose] = FEATURED_MARKERS.list;
    const [cardOpen, cardClose] = FEATURED_MARKERS.card;
    const [emptyOpen, emptyClose] = FEATURED_MARKERS.empty;
    // The markers in the server's order, each once.
    const order = [listOpen, cardOpen, cardClose, listClose, emptyOpen, emptyClose, FEATURED_MARKERS.data];
    for (const marker of order) expect(html.split(marker), marker).toHaveLength(2);
    expect(order.map((m) => html.indexOf(m))).toEqual(order.map((m) => html.indexOf(m)).sort((a, b) => a - b));
    // One card, every token in it, only in text and double-quoted attributes.
    const card = html.slice(html.indexOf(cardOpen) + cardOpen.length, html.indexOf(cardClose));
    expect(card.match(/data-testid="product-card"/g)).toHaveLength(1);
    for (const token of Object.values(FEATURED_TOKENS)) expect(card, token).toContain(token);
    expect(card).toContain(`>${FEATURED_TOKENS.upperName}</a></h3>`);
    expect(card).toContain(`alt="${FEATURED_TOKENS.name}"`);
    expect(card).toContain(`aria-label="${escapeHtml(messages.catalogue.purchaseLabel(FEATURED_TOKENS.name))}"`);
    expect(card).toContain(`>${escapeHtml(messages.catalogue.available(0)).replace('0', FEATURED_TOKENS.stock)}<`);
    expect(card).toContain(`>${escapeHtml(messages.catalogue.minimumOrder(0)).replace('0', FEATURED_TOKENS.minimum)}<`);
    expect(card).not.toMatch(/='__|=__|\d{6}/);
    const empty = html.slice(html.indexOf(emptyOpen) + emptyOpen.length, html.indexOf(emptyClose));
    expect(empty).toMatch(new RegExp(`^<p [^>]*>${escapeHtml(messages.catalogue.empty)}</p>$`));
    // What the server needs to answer as the client asks.
    const contract = JSON.parse(new RegExp(`${FEATURED_MARKERS.data}(.*?)-->`).exec(html)![1]!) as unknown;
    expect(contract).toEqual({ queryKey: ['products', { limit: 5 }], limit: 5, previewChars: 30 });
    // Before the loader; the page is otherwise / as prerendered (no spinner in the featured section).
    expect(html.indexOf(FEATURED_MARKERS.data)).toBeLessThan(html.indexOf('<script>requestAnimationFrame'));
    expect(html).toContain('<div id="root" data-prerendered="/">');
    expect(appLoads(html)).toEqual(appLoads(index));
    for (const text of [site.banner.title, messages.catalogue.sectionTitle, messages.reviews.sectionTitle, site.about.text]) expect(html).toContain(escapeHtml(text));
    expect(html).toContain('<footer');
    const featured = html.slice(html.indexOf('aria-labelledby="our-products-title"'), html.indexOf('aria-labelledby="reviews-title"'));
    expect(featured).not.toContain('role="status"');
  });

  it('product.html and the featured card carry both stock variants: PURCHASE as a link, and Out of stock with a PURCHASE that is none', () => {
    const variants = (html: string) => {
      const [inOpen, inClose] = STOCK_MARKERS.inStock;
      const [outOpen, outClose] = STOCK_MARKERS.outOfStock;
      expect(html.split(inOpen)).toHaveLength(2);
      expect(html).toContain(`${inClose}${outOpen}`);
      return [html.slice(html.indexOf(inOpen) + inOpen.length, html.indexOf(inClose)), html.slice(html.indexOf(outOpen) + outOpen.length, html.indexOf(outClose))] as const;
    };
    for (const [file, id] of [['product.html', PRODUCT_TOKENS.id], ['home.html', FEATURED_TOKENS.id]] as const) {
      const [inStock, outOfStock] = variants(pages[file]!);
      expect(inStock, file).toContain(`href="/purchase/${id}"`);
      expect(inStock, file).not.toContain(messages.catalogue.outOfStock);
      expect(outOfStock, file).toContain(`>${messages.catalogue.outOfStock}<`);
      expect(outOfStock, file).toMatch(/<button type="button" disabled="" aria-label="[^"]*" aria-describedby="[^"]*out-of-stock/);
      expect(outOfStock, file).not.toContain('href="/purchase/');
    }
  });

  it('withStockVariants keeps the common start and end once and both middles whole, cut at tags', () => {
    const both = withStockVariants('<p><a href="/x">Buy</a></p>', '<p><span>Out</span><span>Buy</span></p>');
    expect(both).toBe(
      '<p><!--ssr-in-stock--><a href="/x">Buy</a><!--/ssr-in-stock--><!--ssr-out-of-stock--><span>Out</span><span>Buy</span><!--/ssr-out-of-stock--></p>',
    );
  });

  it('404.html is the not-found page, not for indexing', () => {
    const html = pages['404.html']!;
    expect(html).toContain('<div id="root" data-ssr="not-found">');
    expect(html).toContain(escapeHtml(pageMessages.notFound.title));
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('<footer');
    expect(appLoads(html)).toEqual(['/assets/main-abc.js']);
  });
});

describe('loading the app after the first paint', () => {
  it('adds the preloads, then the entry as a module script, two frames and a task after the page is parsed', () => {
    const loader = /<script>(requestAnimationFrame[\s\S]*?)<\/script><\/body>/.exec(pages['index.html']!)![1]!;
    // The browser's side of it: frames and tasks run by hand, elements recorded as added to <head>.
    const frames: (() => void)[] = [];
    const tasks: (() => void)[] = [];
    const head: Record<string, string>[] = [];
    const document = { head: { appendChild: (e: Record<string, string>) => head.push(e) }, createElement: (tag: string) => ({ tag }) };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the page's own inline loader, as the browser does
    const run = new Function('requestAnimationFrame', 'setTimeout', 'document', loader) as (raf: unknown, timeout: unknown, doc: unknown) => void;
    run((f: () => void) => frames.push(f), (f: () => void) => tasks.push(f), document);
    const step = (queue: (() => void)[]) => queue.splice(0).forEach((f) => f());
    step(frames); // the frame that paints the page
    step(frames); // the next one
    expect(head).toEqual([]);
    step(tasks);
    expect(head).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/home-abc.js', crossOrigin: '' },
      { tag: 'script', type: 'module', src: '/assets/main-abc.js', crossOrigin: '' },
    ]);
  });
});
