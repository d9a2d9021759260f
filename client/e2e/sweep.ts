import { axeViolations, FAILING_IMPACTS, type Violations } from './axe';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, registerAccount, uniqueEmail, type Account } from './accounts';
import { animationsDone, appStarted, launchBrowser, settled, webUrl } from './browser';
import { installFocusProbe, type ControlKind, type FocusMeasure } from './focus-probe';
import { api, ownProduct, placeOrder } from './shop';

/**
 * The accessibility sweep, one file per role (accessibility-signed-out,
 * -customer and -admin.test.ts, which run side by side): every page of the
 * spec is loaded once per role and viewport, and that one load gets
 *
 * - axe-core: serious and critical violations fail the test (each printed
 *   with its rule, the elements and how to fix it); moderate and minor ones
 *   are listed in the summary at the end;
 * - on the representative pages (CASES), the focus indicators (WCAG 2.2 SC
 *   1.4.11 and 2.4.13): Tab moves through every control (so :focus-visible
 *   applies, as for a keyboard user). For each stop the probe
 *   (focus-probe.ts) finds what focus changed (an outline, a border, a
 *   box-shadow) and measures its contrast against the colours around it. Each
 *   must be there (and an outline not wholly cut off by an ancestor's
 *   overflow) and reach 3:1; a text field's focused label, being text, 4.5:1.
 *   The walk also has to reach each kind of control the page has, so a page
 *   that lost its controls cannot pass.
 *
 * axe runs in the page itself (AxeBuilder's legacy mode: axe.run in the top
 * frame, violations only), not in the extra blank page its default mode opens
 * for every check; the pages have no frames, which each check asserts, but an
 * opened e-mail's HTML part (a sandboxed srcdoc frame, where no script runs):
 * axe checks the page around it.
 */

export type Role = 'signed out' | 'customer' | 'admin';
const MIN_INDICATOR = 3;
const MIN_LABEL = 4.5;
/** More Tab stops than any page has: the walk ends when focus comes round to a control it has seen. */
const MAX_STOPS = 160;

/** Every kind of control the app has; the three roles' walks together must reach each (`KINDS_BY_ROLE`). */
export const ALL_KINDS: ControlKind[] = [
  'link',
  'button-styled link',
  'filled button',
  'outlined button',
  'text button',
  'icon button',
  'text field',
  'search input',
  'select',
  'file input',
  'rating star',
  'carousel bullet',
];

/** The kinds each role's walks reach (checked per file, so the files can run apart; their union is ALL_KINDS). */
export const KINDS_BY_ROLE: Record<Role, ControlKind[]> = {
  'signed out': ['link', 'button-styled link', 'filled button', 'text field', 'search input', 'select', 'icon button', 'carousel bullet'],
  customer: ['link', 'filled button', 'text field', 'rating star', 'icon button', 'text button'],
  admin: ['link', 'filled button', 'outlined button', 'text field', 'file input'],
};

interface Row {
  role: Role;
  route: string;
  landed: string;
  failing: number;
  other: string[];
}

interface State {
  browser: Browser;
  customer: Account;
  admin: Account;
  productId: string;
  orderId: string;
  /** A purchase of two products, the customer's checkout (issues 34, 43): its order page. */
  groupId: string;
  /** An e-mail of the outbox (the customer's verification), for /dashboard/outbox/:id. */
  mailId: string;
  summary: Row[];
  report: string[];
  kindsSeen: Set<ControlKind>;
}

/** The paths behind the sign-in guard (RequireAuth in app/router.tsx). */
const GUARDED = /^\/(dashboard|purchase|payment|quote|checkout)(\/|$)/;
/** The admin pages (RequireAdmin in app/routes/dashboard/dashboard-routes.tsx). */
const ADMIN_ONLY =
  /^\/dashboard\/(addproduct|manageorder|manageproduct|categories|shipping|makeadmin|inbox|sales|quotes|claims|outbox|reviews|notifications|audit|tax-exemptions)(\/|$)/;

function routes(productId: string, orderId: string, mailId: string, groupId = ':id'): string[] {
  return [
    // (A cart's payment page is /payment/:id, the page below.)
    '/cart', '/checkout', `/dashboard/order/${groupId}`,
    '/', '/home', '/products', `/product/${productId}`, `/purchase/${productId}`, `/payment/${orderId}`, '/login', '/register',
    '/dashboard', '/dashboard/myprofile', '/dashboard/addreview', '/dashboard/myorder',
    '/dashboard/addproduct', '/dashboard/manageorder', '/dashboard/manageproduct', '/dashboard/categories', '/dashboard/makeadmin', '/dashboard/inbox', '/dashboard/sales',
    '/dashboard/shipping', '/dashboard/tax-exemptions',
    '/quote', '/dashboard/myquotes', '/dashboard/myclaims', '/dashboard/quotes', '/dashboard/claims', '/dashboard/outbox',
    `/dashboard/outbox/${mailId}`,
    '/dashboard/reviews',
    '/dashboard/notifications',
    '/portfolio', '/blog', '/landing', '/navbarpractice', '/loading', '/bannertest', '/no-such-page',
    '/about', '/terms', '/privacy', '/warranty',
  ];
}

function describeForSweep(results: Violations): string {
  return results
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => `      - ${n.target.join(' ')}\n        ${n.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`)
        .join('\n');
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} element(s))\n    ${v.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

/** axe-core over the page as it is: serious and critical violations fail. */
export async function axeCheck(state: State, page: Page, role: Role, route: string, label = route) {
  // A srcdoc frame starts at about:blank and reaches about:srcdoc a moment
  // later, so the count is polled (briefly) rather than read once: a frame
  // that stays anything else still fails.
  const foreignFrames = () => page.frames().filter((f) => f !== page.mainFrame() && f.url() !== 'about:srcdoc').length;
  await expect.poll(foreignFrames, { timeout: 3000, message: `${label}: axe checks the top frame only, and the page has frames` }).toBe(0);
  const violations = await axeViolations(page, { everyImpact: true });
  const failing = violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
  const other = violations.filter((v) => !FAILING_IMPACTS.has(v.impact ?? '')).map((v) => `${v.id} (${v.impact})`);
  const landed = new URL(page.url()).pathname;
  state.summary.push({ role, route: label, landed: label === route ? landed : label, failing: failing.length, other });
  expect(failing, `axe: serious/critical violations on ${label} (${role}, landed on ${landed}):\n${describeForSweep(failing)}`).toEqual([]);
}

/**
 * Scrolls down half a screen at a time, letting each lazy section (mounted as
 * it nears the viewport) load, until the footer is there and the bottom is
 * reached; then back to the top.
 */
async function mountLazySections(page: Page) {
  for (let i = 0; i < 80; i++) {
    const atBottom = await page.evaluate(async () => {
      window.scrollBy(0, Math.round(window.innerHeight / 2));
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
    });
    await settled(page);
    if (atBottom && (await page.locator('footer').count()) > 0) break;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

function failureOf(m: FocusMeasure): string | null {
  if (!m.measurable) return null;
  if (!m.indicator) return `${m.description}: no visible focus indicator (outline, border and box-shadow are as when unfocused)`;
  const problems: string[] = [];
  if (m.clipped.length === 4) problems.push(`${m.indicator} is cut off on every side by an ancestor's overflow`);
  if (m.contrast < MIN_INDICATOR) problems.push(`${m.indicator} is ${m.contrast}:1 against ${m.against} (needs ${MIN_INDICATOR}:1)`);
  if (m.label && m.label.contrast < MIN_LABEL) {
    problems.push(`its focused label "${m.label.text}" (${m.label.color}) is ${m.label.contrast}:1 (text needs ${MIN_LABEL}:1)`);
  }
  return problems.length ? `${m.description}: ${problems.join('; ')}` : null;
}

/**
 * Presses Tab from where focus is until it comes back round (or MAX_STOPS),
 * measuring each stop (in a modal drawer focus is trapped, so the walk stays in it).
 */
async function walk(state: State, page: Page, label: string): Promise<FocusMeasure[]> {
  const seen = new Set<string>();
  const stops: FocusMeasure[] = [];
  let pageStops = 0;
  await page.evaluate(() => window.__focusProbe!.snapshot());
  for (let i = 0; i < MAX_STOPS; i++) {
    await page.keyboard.press('Tab');
    // Measure this stop, then snapshot the page as it is now: the look before the next Tab.
    const m = await page.evaluate(async () => {
      const measured = await window.__focusProbe!.measure();
      window.__focusProbe!.snapshot();
      return measured;
    });
    if (!m.measurable && m.key === 'body') {
      if (++pageStops > 1) break;
      continue;
    }
    if (seen.has(m.key)) break;
    seen.add(m.key);
    stops.push(m);
    state.kindsSeen.add(m.kind);
  }
  for (const m of stops) {
    const verdict = failureOf(m) ? 'FAIL' : m.measurable ? 'ok  ' : 'skip';
    const label = m.label ? `; label ${m.label.color} ${m.label.contrast}:1` : '';
    const note = (m.note ? ` [${m.note}]` : '') + (m.clipped.length ? ` [clipped: ${m.clipped.join(', ')}]` : '');
    state.report.push(`  ${verdict} ${m.description} — ${m.indicator || 'none'}${m.contrast ? ` ${m.contrast}:1 vs ${m.against}` : ''}${label}${note}`);
  }
  state.report.push(`  (${label}: ${stops.length} stops)`);
  return stops;
}

function expectIndicators(stops: FocusMeasure[], where: string, kinds: ControlKind[]) {
  const failures = stops.map(failureOf).filter((f): f is string => f !== null);
  expect(failures, `focus indicators failing on ${where}:\n  ${failures.join('\n  ')}`).toEqual([]);
  const present = new Set(stops.map((s) => s.kind));
  const missing = kinds.filter((k) => !present.has(k));
  expect(missing, `${where}: the walk never reached a ${missing.join(', ')} (stops: ${stops.map((s) => s.description).join(' | ')})`).toEqual([]);
}

interface PageCase {
  role: Role;
  path: () => string;
  name: string;
  /** Waits for the page's content, and fills what a form needs before its submit button is enabled. */
  ready: (page: Page) => Promise<void>;
  /** Control kinds the walk must reach on this page. */
  kinds: ControlKind[];
}

const CASES = (productId: string, orderId: string): PageCase[] => [
  {
    role: 'signed out',
    name: 'home',
    path: () => '/',
    ready: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor(); // its sections were scrolled in before axe (loadAndCheck)
    },
    kinds: ['link', 'button-styled link', 'text field', 'filled button', 'icon button', 'carousel bullet'],
  },
  {
    role: 'signed out',
    name: 'products',
    path: () => '/products',
    ready: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
    },
    kinds: ['link', 'search input', 'select', 'button-styled link'],
  },
  {
    role: 'signed out',
    name: 'login',
    path: () => '/login',
    ready: async (page) => {
      await page.getByLabel('Email', { exact: false }).first().waitFor();
    },
    kinds: ['link', 'text field', 'filled button'],
  },
  {
    role: 'signed out',
    name: 'register',
    path: () => '/register',
    ready: async (page) => {
      await page.getByLabel('Email', { exact: false }).first().waitFor();
    },
    kinds: ['link', 'text field', 'filled button'],
  },
  {
    role: 'signed out',
    name: 'landing',
    path: () => '/landing',
    ready: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor(); // its sections were scrolled in before axe (loadAndCheck)
    },
    kinds: ['link', 'icon button'],
  },
  {
    role: 'signed out',
    name: 'portfolio',
    path: () => '/portfolio',
    ready: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
    },
    kinds: ['link'],
  },
  {
    role: 'signed out',
    name: 'product page',
    path: () => `/product/${productId}`,
    ready: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settled(page);
    },
    kinds: ['link', 'button-styled link'],
  },
  {
    role: 'customer',
    name: 'purchase',
    path: () => `/purchase/${productId}`,
    ready: async (page) => {
      await page.getByLabel('Address', { exact: false }).waitFor();
      await page.getByLabel('Mobile', { exact: false }).fill('+1 555 014 2290');
      await page.getByLabel('Address', { exact: false }).fill('42 Foundry Road, Pittsburgh');
    },
    kinds: ['link', 'text field', 'filled button'],
  },
  {
    role: 'customer',
    name: 'payment',
    path: () => `/payment/${orderId}`,
    ready: async (page) => {
      const number = page.getByLabel('Card number', { exact: false });
      await number.waitFor();
      await number.fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry', { exact: false }).fill(`12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
      await page.getByLabel('CVC', { exact: false }).fill('123');
    },
    kinds: ['link', 'text field', 'filled button'],
  },
  {
    role: 'customer',
    name: 'dashboard: add review',
    path: () => '/dashboard/addreview',
    ready: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settled(page);
    },
    kinds: ['link', 'text field', 'rating star'],
  },
  {
    role: 'customer',
    name: 'dashboard: my profile',
    path: () => '/dashboard/myprofile',
    ready: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settled(page);
    },
    kinds: ['link'],
  },
  {
    role: 'admin',
    name: 'dashboard (admin): add product',
    path: () => '/dashboard/addproduct',
    ready: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settled(page);
    },
    kinds: ['link', 'text field', 'file input', 'filled button'],
  },
  {
    role: 'admin',
    name: 'dashboard (admin): manage orders',
    path: () => '/dashboard/manageorder',
    ready: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('tbody tr').first().waitFor();
    },
    kinds: ['link'],
  },
  {
    role: 'admin',
    name: 'dashboard (admin): manage products',
    path: () => '/dashboard/manageproduct',
    ready: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('tbody tr').first().waitFor();
    },
    kinds: ['link'],
  },
];


/** A context of the role at the width, with the focus probe installed and the role's token in every page it loads. */
export async function contextAs(state: State, role: Role, width: number, height = 900): Promise<BrowserContext> {
  const context = await state.browser.newContext({ viewport: { width, height } });
  await context.addInitScript(installFocusProbe);
  const token = role === 'customer' ? state.customer.token : role === 'admin' ? state.admin.token : null;
  // Before every page load: a customer opening an admin page is signed out by the app, so sign in again each time.
  if (token) await context.addInitScript((t) => window.localStorage.setItem('accessToken', t), token);
  return context;
}

/**
 * The sweep for one role: each route at 1280 px gets axe (and, where it is one
 * of CASES, the focus walk on the same load); each of the role's CASES at
 * 400 px gets axe and the walk; the small-screen menus, open, get axe and
 * their walk. Answers the state, for the file's own extra tests.
 */
export function sweep(role: Role): State {
  const state = { summary: [], report: [], kindsSeen: new Set() } as unknown as State;

  beforeAll(async () => {
    state.browser = await launchBrowser();
    state.customer = await registerAccount(`Sweep Customer`, uniqueEmail('sweep'));
    state.admin = await adminAccount();
    // A product that can be ordered, and an order of the customer's, for /purchase/:id and /payment/:id.
    // (The file's own: the three sweeps run beside other files, and the demo catalogue keeps its stock.)
    const product = await ownProduct(`E2E Sweep Generator (${role})`, { price: 14_900, stock: 20, minimum: 1 });
    state.productId = product._id;
    state.orderId = await placeOrder(state.customer.token, product._id, product.minimumquantity);
    // A checkout's purchase of two products (issues 34, 43), for its order page.
    const second = await ownProduct(`E2E Sweep Bearing (${role})`, { price: 4.2, stock: 500, minimum: 10 });
    const group = await api<{ groupId: string; orderIds: string[] }>('/checkout', {
      method: 'POST',
      token: state.customer.token,
      body: JSON.stringify({
        items: [
          { productId: product._id, quantity: product.minimumquantity },
          { productId: second._id, quantity: second.minimumquantity },
        ],
        address: '42 Foundry Road',
        mobile: '+1 555 014 2290',
        poNumber: 'PO-AXE',
      }),
    });
    state.groupId = group.groupId;
    // The customer's verification e-mail, for the admin's opened e-mail (stored as the sign-up answered).
    const mails = await api<{ _id: string; to: string }[]>('/admin/outbox?limit=100', { token: state.admin.token });
    state.mailId = mails.find((m) => m.to === state.customer.user.email)?._id ?? mails[0]!._id;
    // A quote request of the customer's, for My Quotes and the admin's pricing form.
    await api('/quotes', {
      method: 'POST',
      token: state.customer.token,
      body: JSON.stringify({ items: [{ productId: state.productId, quantity: 1 }], message: 'A quote for the axe check.' }),
    });
    // Something in the admin's Inbox. (POST /contact allows 5 a minute per address: one, and only for that role.)
    if (role === 'admin') {
      await api('/contact', { method: 'POST', body: JSON.stringify({ email: 'axe@e2e.test', subject: 'Axe check', message: 'A message for the inbox.' }) });
    }
  });

  afterAll(async () => {
    await state.browser?.close();
    if (state.summary.length) {
      const lines = state.summary.map((r) => {
        const where = r.landed === r.route ? r.route : `${r.route} → ${r.landed}`;
        const other = r.other.length ? `  (moderate/minor: ${r.other.join(', ')})` : '';
        return `  ${r.role.padEnd(10)} ${where.padEnd(58)} ${r.failing === 0 ? 'pass' : `${r.failing} serious/critical`}${other}`;
      });
      console.log(`\naxe-core results (${state.summary.length} pages):\n${lines.join('\n')}\n`);
    }
    if (state.report.length) console.log(`\nfocus indicators:\n${state.report.join('\n')}\n`);
  });

  const casesOf = () => CASES(state.productId, state.orderId).filter((c) => c.role === role);
  /** The role's CASES, by name, listed before the ids exist (their paths with ':id'). */
  const caseNames = CASES(':id', ':id')
    .filter((c) => c.role === role)
    .map((c) => ({ name: c.name, path: c.path() }));

  /**
   * Opens `route`: a new document when `fresh` (focus starts at the top, as for a visitor arriving: the
   * walks need it) or when the page is not the app signed in as the role (a customer on an admin page was
   * signed out by the app; the init script signs in again at the next load); otherwise the app's own
   * navigation, as a link's (the page is what the route draws either way, at about a second less a route).
   * Then waits for the route's level-1 heading to be a new one.
   */
  async function open(page: Page, route: string, fresh: boolean) {
    const app = new URL(webUrl('/')).origin;
    const reusable =
      !fresh &&
      page.url().startsWith(app) &&
      (await page.evaluate((signedIn) => (window.localStorage.getItem('accessToken') !== null) === signedIn, role !== 'signed out'));
    if (!reusable) {
      await page.goto(webUrl(route));
      return;
    }
    await page.evaluate((to) => {
      document.querySelectorAll('h1').forEach((h) => h.setAttribute('data-sweep-before', ''));
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, route);
    // The same page under a second path (/home after /) keeps its heading: a short wait, then on.
    await page.locator('h1:not([data-sweep-before])').first().waitFor({ timeout: 3_000 }).catch(() => undefined);
  }

  /** Opens `route` in `page`, waits for it (and for where a guard sends it), scrolls lazy sections in, runs axe. */
  async function loadAndCheck(page: Page, route: string, label: string, fresh: boolean) {
    await open(page, route, fresh);
    await settled(page);
    // A guard's redirect (a customer on an admin page goes to /login) lands on a page of its own: every
    // page but /loading has a level-1 heading, so wait for it, and for that page's own data.
    if (new URL(page.url()).pathname !== '/loading') {
      await page.locator('h1').first().waitFor();
      await settled(page);
    }
    // The home and landing pages mount their sections as they near the viewport: scroll them all in first.
    if (route === '/' || route === '/home' || route === '/landing') await mountLazySections(page);
    await axeCheck(state, page, role, route, label);
  }

  /** On the page as loadAndCheck left it: the case's own readiness, then the Tab walk. */
  async function walkCase(page: Page, name: string, width: number) {
    const c = casesOf().find((candidate) => candidate.name === name)!;
    expect(new URL(page.url()).pathname, `${name}: the page the walk expects`).toBe(new URL(webUrl(c.path())).pathname);
    await c.ready(page);
    const where = `${c.name} at ${width} px (${c.role})`;
    expectIndicators(await walk(state, page, where), where, c.kinds);
  }

  // Each width: one context and page for the role; a route's axe test loads it, and where the route
  // is one of CASES, the next test walks its focus on that same load.
  for (const width of [1280, 400] as const) {
    describe(`axe-core and focus indicators, ${role}, ${width} px`, () => {
      let context: BrowserContext;
      let page: Page;
      beforeAll(async () => {
        context = await contextAs(state, role, width);
        page = await context.newPage();
      });
      afterAll(async () => {
        await context?.close();
      });

      // At 1280 px every route; at 400 px the CASES (the routes need the ids made in beforeAll: listed lazily).
      // Signed out, every route behind the sign-in guard lands on the same /login page: two of them stand
      // for the rest (the guard's redirect is each route's own test elsewhere).
      // Likewise a customer on the admin pages: each signs it out to /login; one stands for them.
      // And an admin on a public page sees what a customer sees (no public page or the header reads the
      // role; the customer's sweep checks them signed in): / stands for them.
      const signedOutSkips = (path: string) =>
        (role === 'signed out' && GUARDED.test(path) && path !== '/dashboard' && path !== '/checkout') ||
        (role === 'customer' && ADMIN_ONLY.test(path) && path !== '/dashboard/addproduct') ||
        (role === 'admin' && !GUARDED.test(path) && path !== '/');
      const list =
        width === 1280
          ? routes(':id', ':id', ':id')
              .map((path, i) => ({ title: `route #${i + 1}: ${path}`, route: () => routes(state.productId, state.orderId, state.mailId, state.groupId)[i]!, path }))
              .filter((item) => !signedOutSkips(item.path))
          : caseNames.map((c) => ({ title: `${c.name} (${c.path})`, route: () => casesOf().find((x) => x.name === c.name)!.path(), path: c.path }));
      for (const item of list) {
        const label = (route: string) => (width === 1280 ? route : `${route} (400px)`);
        const focusCase = caseNames.find((c) => c.path === item.path);
        it(`${item.title}: axe`, async () => {
          const route = item.route();
          await loadAndCheck(page, route, label(route), focusCase !== undefined);
        });
        if (focusCase) {
          it(`${focusCase.name}, the same load: every control shows focus at ${MIN_INDICATOR}:1 or more`, async () => {
            await walkCase(page, focusCase.name, width);
          });
        }
      }
    });
  }

  describe(`the small-screen menus, open (400 px), ${role}`, () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await contextAs(state, role, 400, 800);
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
    });

    it('the site menu drawer: axe', async () => {
      await page.goto(webUrl('/'));
      await settled(page);
      await appStarted(page);
      await page.getByRole('button', { name: 'Open menu' }).focus();
      await page.keyboard.press('Enter');
      const siteMenu = page.getByRole('dialog', { name: 'Site menu' }).getByRole('navigation', { name: 'Site menu' });
      await siteMenu.getByRole('link', { name: 'Home' }).waitFor();
      await animationsDone(siteMenu); // the drawer has slid in
      await axeCheck(state, page, role, '/', '/ (400px, site menu open)');
    });

    it('the site menu drawer, the same load: focus on its close button and links', async () => {
      await page.getByRole('dialog', { name: 'Site menu' }).waitFor();
      const stops = await walk(state, page, `site menu drawer at 400 px (${role})`);
      expect(stops.every((s) => s.description && s.measurable)).toBe(true);
      expectIndicators(stops, `the site menu drawer at 400 px (${role})`, role === 'signed out' ? ['icon button', 'link'] : ['icon button', 'link', 'text button']);
    });

    if (role !== 'signed out') {
      it('the dashboard menu drawer: axe', async () => {
        await page.goto(webUrl('/dashboard'));
        await settled(page);
        await page.getByRole('button', { name: 'Dashboard menu' }).focus();
        await page.keyboard.press('Enter');
        const dashboardMenu = page.getByRole('presentation').getByRole('navigation', { name: 'Dashboard menu' });
        await dashboardMenu.getByRole('link', { name: role === 'admin' ? 'Manage Orders' : 'My Orders' }).waitFor();
        await animationsDone(dashboardMenu);
        await axeCheck(state, page, role, '/dashboard', '/dashboard (400px, dashboard menu open)');
      });

      it('the dashboard menu drawer, the same load: focus on its links', async () => {
        await page.getByRole('dialog', { name: 'Dashboard menu' }).waitFor();
        const stops = await walk(state, page, `dashboard menu drawer at 400 px (${role})`);
        expectIndicators(stops, `the dashboard menu drawer at 400 px (${role})`, ['link']);
      });
    }
  });

  describe(`coverage, ${role}`, () => {
    it('the walks reached every kind of control this role meets', () => {
      expect(KINDS_BY_ROLE[role].filter((k) => !state.kindsSeen.has(k))).toEqual([]);
      expect(ALL_KINDS.filter((k) => !Object.values(KINDS_BY_ROLE).some((kinds) => kinds.includes(k)))).toEqual([]);
    });
  });

  return state;
}
