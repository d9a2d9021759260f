import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, registerAccount, uniqueEmail, type Account } from './accounts';
import { launchBrowser, webUrl } from './browser';
import { installFocusProbe, type ControlKind, type FocusMeasure } from './focus-probe';
import { demoProduct, GENERATOR, placeOrder } from './shop';

/**
 * Focus indicators (WCAG 2.2 SC 1.4.11 and 2.4.13): on representative pages,
 * at 1280 and 400 px, Tab moves through every control (so :focus-visible
 * applies, as for a keyboard user). For each stop the probe (focus-probe.ts)
 * finds what focus changed — an outline, a border, a box-shadow — and measures
 * its contrast against the colours around it. Each must be there (and an
 * outline not wholly cut off by an ancestor's overflow) and reach 3:1; a text
 * field's focused label, being text, 4.5:1. The walk also has to reach each
 * kind of control the page has, so a page that lost its controls cannot pass.
 */

const MIN_INDICATOR = 3;
const MIN_LABEL = 4.5;
/** More Tab stops than any page has: the walk ends when focus comes round to a control it has seen. */
const MAX_STOPS = 160;
const WIDTHS = [1280, 400] as const;

let browser: Browser;
let customer: Account;
let admin: Account;
let productId: string;
let orderId: string;
const kindsSeen = new Set<ControlKind>();
const report: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await registerAccount('Focus Customer', uniqueEmail('focus'));
  admin = await adminAccount();
  const generator = await demoProduct(GENERATOR);
  productId = generator._id;
  orderId = await placeOrder(customer.token, productId, generator.minimumquantity);
});

afterAll(async () => {
  await browser?.close();
  if (report.length) console.log(`\nfocus indicators:\n${report.join('\n')}\n`);
});

type Role = 'signed out' | 'customer' | 'admin';

async function openAs(role: Role, width: number, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript(installFocusProbe);
  const token = role === 'customer' ? customer.token : role === 'admin' ? admin.token : null;
  if (token) await context.addInitScript((t) => window.localStorage.setItem('accessToken', t), token);
  const page = await context.newPage();
  await page.goto(webUrl(path));
  await page.waitForLoadState('networkidle');
  return { context, page };
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
    await page.waitForLoadState('networkidle');
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
async function walk(page: Page, label: string): Promise<FocusMeasure[]> {
  const seen = new Set<string>();
  const stops: FocusMeasure[] = [];
  let pageStops = 0;
  for (let i = 0; i < MAX_STOPS; i++) {
    await page.evaluate(() => window.__focusProbe!.snapshot());
    await page.keyboard.press('Tab');
    const m = await page.evaluate(() => window.__focusProbe!.measure());
    if (!m.measurable && m.key === 'body') {
      if (++pageStops > 1) break;
      continue;
    }
    if (seen.has(m.key)) break;
    seen.add(m.key);
    stops.push(m);
    kindsSeen.add(m.kind);
  }
  for (const m of stops) {
    const verdict = failureOf(m) ? 'FAIL' : m.measurable ? 'ok  ' : 'skip';
    const label = m.label ? `; label ${m.label.color} ${m.label.contrast}:1` : '';
    const note = (m.note ? ` [${m.note}]` : '') + (m.clipped.length ? ` [clipped: ${m.clipped.join(', ')}]` : '');
    report.push(`  ${verdict} ${m.description} — ${m.indicator || 'none'}${m.contrast ? ` ${m.contrast}:1 vs ${m.against}` : ''}${label}${note}`);
  }
  report.push(`  (${label}: ${stops.length} stops)`);
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

const CASES: PageCase[] = [
  {
    role: 'signed out',
    name: 'home',
    path: () => '/',
    ready: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
      await mountLazySections(page);
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
      await page.getByRole('heading', { level: 1 }).waitFor();
      await mountLazySections(page);
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
      await page.waitForLoadState('networkidle');
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
      await page.waitForLoadState('networkidle');
    },
    kinds: ['link', 'text field', 'rating star'],
  },
  {
    role: 'customer',
    name: 'dashboard: my profile',
    path: () => '/dashboard/myprofile',
    ready: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
    },
    kinds: ['link'],
  },
  {
    role: 'admin',
    name: 'dashboard (admin): add product',
    path: () => '/dashboard/addproduct',
    ready: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
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

for (const width of WIDTHS) {
  describe(`focus indicators at ${width} px`, () => {
    for (const c of CASES) {
      it(`${c.name} (${c.role}): every control shows focus at ${MIN_INDICATOR}:1 or more`, async () => {
        const { context, page } = await openAs(c.role, width, c.path());
        try {
          await c.ready(page);
          const where = `${c.name} at ${width} px (${c.role})`;
          const stops = await walk(page, where);
          expectIndicators(stops, where, c.kinds);
        } finally {
          await context.close();
        }
      });
    }
  });
}

describe('focus indicators in the small-screen menus (400 px)', () => {
  it('the site menu drawer: its close button and links', async () => {
    const { context, page } = await openAs('customer', 400, '/');
    try {
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Open menu' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Site menu' });
      await dialog.getByRole('link', { name: 'Home' }).waitFor();
      const stops = await walk(page, 'site menu drawer at 400 px');
      expect(stops.every((s) => s.description && s.measurable)).toBe(true);
      expectIndicators(stops, 'the site menu drawer at 400 px', ['icon button', 'link', 'text button']);
    } finally {
      await context.close();
    }
  });

  it('the dashboard menu drawer: its links', async () => {
    const { context, page } = await openAs('admin', 400, '/dashboard');
    try {
      const button = page.getByRole('button', { name: 'Dashboard menu' });
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Dashboard menu' });
      await dialog.getByRole('link', { name: 'Manage Orders' }).waitFor();
      const stops = await walk(page, 'dashboard menu drawer at 400 px');
      expectIndicators(stops, 'the dashboard menu drawer at 400 px', ['link']);
    } finally {
      await context.close();
    }
  });
});

describe('coverage', () => {
  it('the walks reached every kind of control the app has', () => {
    const expected: ControlKind[] = [
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
    expect(expected.filter((k) => !kindsSeen.has(k))).toEqual([]);
  });
});
