/**
 * The build's prerender step (vite.config.ts, prerenderPages): renders the
 * public static routes, the product page's template and the not-found page
 * with React's own `react-dom/static` prerender, in Node, from the same
 * components the browser runs. `buildPages` turns the built index.html into
 * every page file; the contract with the Go server is
 * ../../../notes/issue13-contract.md (tokens, markers, data attributes).
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { appRoutePatterns } from '@/app/route-patterns';
import { AppRoutes, preloadRoute } from '@/app/router';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { productQueryKey } from '@/features/catalogue/api/get-product';
import { productsQueryKey } from '@/features/catalogue/api/get-products';
import { featuredProductsParams } from '@/features/catalogue/components/featured-products';
import { DESCRIPTION_PREVIEW_CHARS } from '@/features/catalogue/components/product-card';
import { preloadFooter } from '@/features/layout/components/main-layout';
import { createQueryClient } from '@/lib/query-client';
import type { Product } from '@/types/api';
import { formatPrice } from '@/utils/format';

/** The file of dist that lists the app's route patterns (appRoutePatterns), read by the Go server. */
export const ROUTES_FILE = 'routes.json';

/** Routes prerendered at build time into `<path>/index.html` (and hydrated in the browser). */
export const PRERENDERED_ROUTES = [paths.home, paths.portfolio, paths.blog, paths.landing] as const;

/** The product template's tokens: the Go server writes each product's (HTML-escaped) fields over them. */
export const PRODUCT_TOKENS = {
  id: '__SSR_ID__',
  name: '__SSR_NAME__',
  price: '__SSR_PRICE__',
  stock: '__SSR_STOCK__',
  minimum: '__SSR_MINIMUM__',
  description: '__SSR_DESCRIPTION__',
  image: '__SSR_IMAGE__',
} as const;

/** Where the Go server writes the product's head tags, and its JSON for the client. */
export const SSR_HEAD_MARKER = '<!--ssr-head-->';
export const SSR_DATA_MARKER = '<!--ssr-data-->';

/**
 * Numbers cannot be tokens: the page is rendered with these, and their text
 * (formatted as the page formats them) is then replaced by the tokens.
 */
const NUMBER_STAND_INS = { price: 987654.32, stock: 918273, minimum: 827364 } as const;

/**
 * The minimum order of the out-of-stock renders: above the stock stand-in, so
 * that the product cannot be bought; its text becomes the minimum's token too.
 */
const SOLD_OUT_MINIMUM = 928374;
const STAND_IN_DIGITS = ['987', '654', '918273', '827364', String(SOLD_OUT_MINIMUM)];

/**
 * Around the parts of a template that differ with the stock: what a product
 * that can be bought shows (PURCHASE, a link), then what one that cannot shows
 * ("Out of stock", a PURCHASE that is no link). The Go server keeps one of the
 * two (product_page.go, stockVariants) and removes the markers.
 */
export const STOCK_MARKERS = {
  inStock: ['<!--ssr-in-stock-->', '<!--/ssr-in-stock-->'],
  outOfStock: ['<!--ssr-out-of-stock-->', '<!--/ssr-out-of-stock-->'],
} as const;

/**
 * One markup from two renders that differ in one place (by stock): their
 * common start and end, and between them both middles, marked. Whatever the
 * middles are, keeping one of them gives back that render exactly.
 */
export function withStockVariants(inStock: string, outOfStock: string): string {
  if (inStock === outOfStock) throw new Error('prerender: a product out of stock renders as one in stock; the template has no stock variants');
  let start = 0;
  while (start < inStock.length && inStock[start] === outOfStock[start]) start++;
  // Cut before a tag (neither middle starts inside one).
  start = inStock.lastIndexOf('<', start);
  let end = 0;
  while (end < inStock.length - start && end < outOfStock.length - start && inStock[inStock.length - 1 - end] === outOfStock[outOfStock.length - 1 - end]) end++;
  // And after one.
  while (end > 0 && inStock[inStock.length - end - 1] !== '>') end--;
  const [inOpen, inClose] = STOCK_MARKERS.inStock;
  const [outOpen, outClose] = STOCK_MARKERS.outOfStock;
  return (
    inStock.slice(0, start) +
    inOpen +
    inStock.slice(start, inStock.length - end) +
    inClose +
    outOpen +
    outOfStock.slice(start, outOfStock.length - end) +
    outClose +
    inStock.slice(inStock.length - end)
  );
}

/** A product whose every field is its token (numbers: their stand-ins). */
function tokenProduct(tokens: { id: string; name: string; image: string; description: string }): Product {
  return {
    _id: tokens.id,
    name: tokens.name,
    price: NUMBER_STAND_INS.price,
    image: tokens.image,
    description: tokens.description,
    avaialbequantit: NUMBER_STAND_INS.stock,
    minimumquantity: NUMBER_STAND_INS.minimum,
    email: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    specs: [],
    images: [tokens.image],
    documents: [],
    parts: [],
    accessories: [],
    oemNumbers: [],
  };
}

const soldOut = (product: Product): Product => ({ ...product, minimumquantity: SOLD_OUT_MINIMUM });

const templateProduct = tokenProduct(PRODUCT_TOKENS);

export interface RenderedPage {
  /** The markup inside #root. */
  body: string;
  /** The page's `<title>` React hoisted out of the body (empty when it rendered none). */
  title: string;
  /** Other tags React hoisted (an image preload for a picture with fetchPriority high): they go in <head>. */
  headTags: string;
  /** The hoisted tags as React wrote them, ahead of the markup: where its hydration expects them. */
  hoisted: string;
  /** One `<style data-emotion="css …">` with every style the page rendered; emotion in the browser adopts it. */
  style: string;
  /** The same styles by emotion's id (to merge the styles of two renders). */
  styleRules: Record<string, string>;
}

/** The `<style>` emotion in the browser adopts: every rule, with its ids. */
const styleTag = (rules: Record<string, string>) =>
  `<style data-emotion="css ${Object.keys(rules).join(' ')}">${Object.values(rules).join('')}</style>`;

/** Renders `url` as the browser's first render will (signed out, no data fetched). */
export async function renderPage(url: string, queryClient = createQueryClient()): Promise<RenderedPage> {
  // Loaded first, as main.tsx does, so nothing suspends: a suspended part would be written as a
  // fallback plus a script that swaps the content in later, not as plain markup.
  await Promise.all([preloadRoute(new URL(url, 'http://prerender.invalid').pathname, true), preloadFooter()]);
  const cache = createCache({ key: 'css' });
  // Collect the styles instead of writing a <style> before each element.
  cache.compat = true;
  const { prelude } = await prerender(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProvider queryClient={queryClient}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </CacheProvider>
    </StrictMode>,
    // Never outline a (large) boundary into a script that swaps it in later: the page is plain markup.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let body = await new Response(prelude).text();

  if (/<template id="B:|<script/.test(body)) throw new Error(`prerender: part of ${url} suspended; preload its code (see preloadRoute)`);
  // React writes hoistable elements (the page's <title>, preloads) ahead of the markup; the page file puts them in <head>.
  let title = '';
  let headTags = '';
  let hoisted = '';
  body = body.replace(/^(?:<(?:link|meta)\b[^>]*>|<title>[^<]*<\/title>)+/, (tags) => {
    hoisted = tags;
    headTags = tags.replace(/<title>[^<]*<\/title>/, (tag) => {
      title = tag;
      return '';
    });
    return '';
  });
  const styleRules: Record<string, string> = {};
  for (const [id, css] of Object.entries(cache.inserted)) if (typeof css === 'string') styleRules[id] = css;
  return { body, title, headTags, hoisted, style: styleTag(styleRules), styleRules };
}

/** The product page rendered from the template product, its numbers turned into tokens. */
export async function renderProductTemplate(): Promise<RenderedPage> {
  const render = (product: Product) => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(productQueryKey(PRODUCT_TOKENS.id), product);
    return renderPage(paths.product.to(PRODUCT_TOKENS.id), queryClient);
  };
  const [page, soldOutPage] = await Promise.all([render(templateProduct), render(soldOut(templateProduct))]);
  const tokens = (body: string, minimum: number) => {
    const swaps: [string, string][] = [
      [formatPrice(NUMBER_STAND_INS.price), PRODUCT_TOKENS.price],
      [String(NUMBER_STAND_INS.stock), PRODUCT_TOKENS.stock],
      [String(minimum), PRODUCT_TOKENS.minimum],
    ];
    for (const [text, token] of swaps) {
      if (!body.includes(text)) throw new Error(`prerender: the product page no longer shows ${text}; update NUMBER_STAND_INS`);
      body = body.split(text).join(token);
    }
    for (const digits of STAND_IN_DIGITS) {
      if (body.includes(digits)) throw new Error(`prerender: a product number (${digits}) is still in the product template`);
    }
    return body;
  };
  const body = withStockVariants(tokens(page.body, NUMBER_STAND_INS.minimum), tokens(soldOutPage.body, SOLD_OUT_MINIMUM));
  const styleRules = { ...page.styleRules, ...soldOutPage.styleRules };
  // The Go server writes the product's own <title> at the head marker.
  return { ...page, body, styleRules, style: styleTag(styleRules) };
}

/**
 * The home page's featured cards, for the Go server to fill at request time
 * (home.html): the card's fields are these tokens. The name is written twice:
 * as given (the picture's alt, the Purchase button's label) and as the card's
 * title shows it, upper-cased (`toUpperCase` of the lower-case token is the
 * upper-case one). The description token is within DESCRIPTION_PREVIEW_CHARS,
 * so the card shows it whole; the server writes the cut preview over it.
 */
export const FEATURED_TOKENS = {
  id: '__SSR_CARD_ID__',
  name: '__ssr_card_name__',
  upperName: '__SSR_CARD_NAME__',
  price: '__SSR_CARD_PRICE__',
  stock: '__SSR_CARD_STOCK__',
  minimum: '__SSR_CARD_MINIMUM__',
  description: '__SSR_CARD_PREVIEW__',
  image: '__SSR_CARD_IMAGE__',
} as const;

/**
 * home.html's markers, around the parts the server picks from: the list of
 * cards (with one card, repeated per product) or, for an empty catalogue, the
 * empty message. All of them are comments the server removes. The data marker
 * carries what the server needs to answer as the client asks:
 * `<!--ssr-featured:{"queryKey":…,"limit":5,"previewChars":30}-->`; the server
 * writes `<script id="ssr-queries" type="application/json">` there.
 */
export const FEATURED_MARKERS = {
  list: ['<!--ssr-featured-list-->', '<!--/ssr-featured-list-->'],
  card: ['<!--ssr-featured-card-->', '<!--/ssr-featured-card-->'],
  empty: ['<!--ssr-featured-empty-->', '<!--/ssr-featured-empty-->'],
  data: '<!--ssr-featured:',
} as const;

/** What the data marker tells the server. */
export interface FeaturedContract {
  queryKey: unknown[];
  limit: number;
  previewChars: number;
}

const templateCard = tokenProduct(FEATURED_TOKENS);

/** The home page with the featured query answered by `items`. */
function renderHomeWith(items: Product[]): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(productsQueryKey(featuredProductsParams), { items, total: items.length });
  return renderPage(paths.home, queryClient);
}

/** The featured section's list (one card) and empty message, as React renders them. */
const FEATURED_LIST = /(<section\b[^>]*aria-labelledby="our-products-title"[\s\S]*?)(<ul\b[^>]*>)(<li>[\s\S]*?<\/li>)(<\/ul>)/;
const FEATURED_EMPTY = /(<section\b[^>]*aria-labelledby="our-products-title"[\s\S]*?)(<p\b[^>]*>[^<]*<\/p>)(?=<\/div><\/section>)/;

/**
 * The prerendered home page with its featured section as a template: rendered
 * once with one card of tokens and once with none, the two differing only in
 * the section's list and empty message, which are marked; the styles are both
 * renders'. Numbers are stand-ins turned into tokens, as on the product page.
 */
export async function renderHomeTemplate(): Promise<RenderedPage> {
  const [withCard, empty, withSoldOut] = await Promise.all([renderHomeWith([templateCard]), renderHomeWith([]), renderHomeWith([soldOut(templateCard)])]);
  const list = FEATURED_LIST.exec(withCard.body);
  const message = FEATURED_EMPTY.exec(empty.body);
  const soldOutList = FEATURED_LIST.exec(withSoldOut.body);
  if (!list || !message || !soldOutList) throw new Error('prerender: the home page has no featured list or empty message where the template expects them');
  const cut = (body: string, m: RegExpExecArray, middle: string) => body.slice(0, m.index + m[1]!.length) + middle + body.slice(m.index + m[0].length);
  const same = cut(withCard.body, list, '\0');
  if (same !== cut(empty.body, message, '\0')) throw new Error('prerender: the home page with and without featured products differs outside the featured list');
  const [listOpen, listClose] = FEATURED_MARKERS.list;
  const [cardOpen, cardClose] = FEATURED_MARKERS.card;
  const [emptyOpen, emptyClose] = FEATURED_MARKERS.empty;
  const tokens = (card: string, minimum: number) => {
    for (const [text, token] of [
      [formatPrice(NUMBER_STAND_INS.price), FEATURED_TOKENS.price],
      [String(NUMBER_STAND_INS.stock), FEATURED_TOKENS.stock],
      [String(minimum), FEATURED_TOKENS.minimum],
    ] as const) {
      if (!card.includes(text)) throw new Error(`prerender: the featured card no longer shows ${text}`);
      card = card.split(text).join(token);
    }
    for (const digits of STAND_IN_DIGITS) {
      if (card.includes(digits)) throw new Error(`prerender: a product number (${digits}) is still in the featured card`);
    }
    return card;
  };
  const card = withStockVariants(tokens(list[3]!, NUMBER_STAND_INS.minimum), tokens(soldOutList[3]!, SOLD_OUT_MINIMUM));
  for (const token of Object.values(FEATURED_TOKENS)) {
    if (!card.includes(token)) throw new Error(`prerender: the featured card has no ${token}`);
  }
  const section = `${listOpen}${list[2]}${cardOpen}${card}${cardClose}${list[4]}${listClose}${emptyOpen}${message[2]}${emptyClose}`;
  const styleRules = { ...withCard.styleRules, ...empty.styleRules, ...withSoldOut.styleRules };
  return { ...withCard, body: same.replace('\0', () => section), styleRules, style: styleTag(styleRules) };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The built index.html's #root and its contents (the CSS app shell appShell put there). */
const ROOT = /<div id="root">[\s\S]*?<\/header><\/div>/;
/** The head's tags for the `/` route only (preloadHomeRoute marks them). */
const HOME_PRELOADS = /\s*<link rel="modulepreload"[^>]*data-route="\/"[^>]*>/g;

function withPage(template: string, page: RenderedPage, rootAttributes: string, keepHomePreloads: boolean): string {
  if (!ROOT.test(template)) throw new Error('prerender: the built index.html has no app shell in #root');
  let html = template.replace(ROOT, () => `<div id="root" ${rootAttributes}>${page.body}</div>`);
  if (!keepHomePreloads) html = html.replace(HOME_PRELOADS, '');
  if (page.title) html = html.replace(/<title>[^<]*<\/title>/, () => page.title);
  return html.replace('</head>', () => `${page.headTags}${page.style}</head>`);
}

/**
 * A page to hydrate: React's hoisted tags (the page's <title>, preloads) stay
 * where it wrote them, at the start of #root, which is where its hydration
 * looks for them (a <title> moved into <head> is taken for another and never
 * updated again). The page's title is the document's first, so <head> has none.
 */
function withHydratedPage(template: string, page: RenderedPage, route: string): string {
  return withPage(template, { ...page, body: page.hoisted + page.body, title: '', headTags: '' }, `data-prerendered="${route}"`, route === paths.home).replace(
    /\s*<title>[^<]*<\/title>/,
    '',
  );
}

/** The entry's module script and the module preloads (Vite's, and the home route's) in the built index.html. */
const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)"[^>]*>/g;

/**
 * A page whose HTML is already the page (prerendered, or filled in by the Go
 * server) paints before the app's code is even asked for: its module script
 * and preloads become a small inline script that adds them once the browser
 * has painted (two frames, then a task). On a slow link the app's ~150 KB no
 * longer share the bandwidth with the page's first paint and its largest
 * image; the app still starts right after that paint. The plain shell
 * (app.html) keeps them in <head>: it has nothing to show before the app.
 */
export function loadAppAfterFirstPaint(html: string): string {
  const entry = MODULE_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('prerender: the page has no module script to defer');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const urls = JSON.stringify([...preloads, entry]);
  // (The last URL is the entry: a module script; the others are preloads of its imports.)
  const loader =
    `<script>requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(function(){` +
    `var u=${urls},h=document.head;u.forEach(function(href,i){var e=document.createElement(i<u.length-1?"link":"script");` +
    `if(i<u.length-1){e.rel="modulepreload";e.href=href}else{e.type="module";e.src=href}e.crossOrigin="";h.appendChild(e)})` +
    `})})})</script>`;
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `${loader}</body>`);
}

/**
 * Every page file of dist from the built index.html (`template`): the keys are
 * file names relative to dist.
 */
export async function buildPages(template: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  // The plain SPA shell: what the server answers for every other client route.
  files['app.html'] = template.replace(HOME_PRELOADS, '');
  for (const route of PRERENDERED_ROUTES) {
    const page = await renderPage(route);
    const file = route === paths.home ? 'index.html' : `${route.slice(1)}/index.html`;
    files[file] = loadAppAfterFirstPaint(withHydratedPage(template, page, route));
  }

  const product = await renderProductTemplate();
  // The server's product JSON (at the data marker) comes before the script that reads it.
  files['product.html'] = withPage(template, { ...product, title: '' }, 'data-ssr="product"', false)
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(
      '</head>',
      // The shop's address too: the server's invoices name the seller with it when SELLER_* is not set (issue 49).
      () => `<meta name="store-address" content="${escapeHtml(site.contact.address)}" /><meta name="application-name" content="${escapeHtml(site.storeName)}" />${SSR_HEAD_MARKER}</head>`,
    )
    .replace('<script type="module"', () => `${SSR_DATA_MARKER}<script type="module"`);
  if (!files['product.html'].includes(SSR_DATA_MARKER)) throw new Error('prerender: the built index.html has no module script');
  files['product.html'] = loadAppAfterFirstPaint(files['product.html']);

  // The home page as the Go server fills it with the featured products (see FEATURED_MARKERS).
  const contract: FeaturedContract = {
    queryKey: [...productsQueryKey(featuredProductsParams)],
    limit: featuredProductsParams.limit,
    previewChars: DESCRIPTION_PREVIEW_CHARS,
  };
  const contractJSON = JSON.stringify(contract);
  if (/--|>/.test(contractJSON)) throw new Error(`prerender: the featured contract cannot go in a comment: ${contractJSON}`);
  files['home.html'] = loadAppAfterFirstPaint(withHydratedPage(template, await renderHomeTemplate(), paths.home)).replace(
    '<script>requestAnimationFrame',
    () => `${FEATURED_MARKERS.data}${contractJSON}-->\n<script>requestAnimationFrame`,
  );

  const notFound = await renderPage('/this-page-does-not-exist');
  files['404.html'] = loadAppAfterFirstPaint(
    withPage(template, notFound, 'data-ssr="not-found"', false).replace('</head>', '<meta name="robots" content="noindex" /></head>'),
  );
  // The app's routes, for the Go server: any other path is answered 404 with 404.html.
  files[ROUTES_FILE] = `${JSON.stringify(await appRoutePatterns(), null, 1)}\n`;
  return files;
}
