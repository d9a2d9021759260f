/**
 * In-page code for the accessibility sweep (e2e/sweep.ts), installed with
 * `context.addInitScript(installFocusProbe)`: it runs inside the page, so it
 * must be self-contained (no imports, no outside helpers).
 *
 * Before each Tab the test calls `snapshot()`: the look (outline, borders,
 * box-shadow) of every focusable control and the elements that may carry its
 * focus indicator, unfocused. After the Tab, `measure()` compares the focused
 * control's look with that snapshot, takes the change as the indicator, and
 * measures its contrast (WCAG relative luminance) against the colours next to
 * it: the background behind the element (its ancestors' first opaque
 * background-color, blending translucent ones, and every colour of a gradient).
 */

export type ControlKind =
  | 'link'
  | 'button-styled link'
  | 'filled button'
  | 'outlined button'
  | 'text button'
  | 'icon button'
  | 'text field'
  | 'select'
  | 'search input'
  | 'file input'
  | 'checkbox'
  | 'radio'
  | 'rating star'
  | 'tab'
  | 'carousel bullet'
  | 'other';

export interface FocusMeasure {
  /** Tag, role, kind and accessible name: what a reader needs to find the control. */
  description: string;
  kind: ControlKind;
  /** False when focus is on the page itself, or in a frame (not ours to style). */
  measurable: boolean;
  /** Same element as an earlier stop (the Tab order has come round). */
  key: string;
  /** How the indicator is drawn, e.g. "outline 3px rgb(11, 92, 173) on <button>"; empty when none. */
  indicator: string;
  /** Lowest contrast of the indicator against the colours next to it; 0 when there is no indicator. */
  contrast: number;
  /** The colour(s) it was measured against. */
  against: string;
  /** A text field's floating label: its focused colour against its background (text: needs 4.5:1). */
  label?: { text: string; color: string; contrast: number };
  /** Something the probe could not judge (an image behind the indicator, an unknown colour syntax). */
  note?: string;
  /** Sides of an outline cut off by an ancestor's overflow. */
  clipped: string[];
}

export interface FocusProbe {
  snapshot(): void;
  measure(): Promise<FocusMeasure>;
}

declare global {
  interface Window {
    __focusProbe?: FocusProbe;
  }
}

export function installFocusProbe(): void {
  type RGBA = [number, number, number, number];

  interface Look {
    outline: { visible: boolean; color: string; width: number; offset: number; style: string };
    border: { color: string; width: number; style: string }[];
    shadow: string;
  }

  const FOCUSABLE =
    'a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable="true"], [role="button"], [role="tab"]';
  /** How far up from a control its indicator may be drawn (a hidden input's MUI wrapper, a label around a file input). */
  const ANCESTOR_LEVELS = 3;

  let idCounter = 0;
  const ids = new WeakMap<Element, string>();
  const unfocused = new WeakMap<Element, Look>();

  function keyOf(el: Element): string {
    let id = ids.get(el);
    if (!id) {
      id = `el${++idCounter}`;
      ids.set(el, id);
    }
    return id;
  }

  function parseColor(value: string): RGBA | null {
    const v = value.trim();
    if (v === 'transparent') return [0, 0, 0, 0];
    let m = /^rgba?\(([^)]+)\)$/.exec(v);
    if (m) {
      const parts = m[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
      if (parts.length < 3 || parts.some(Number.isNaN)) return null;
      return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
    }
    m = /^color\(srgb\s+([^)]+)\)$/.exec(v);
    if (m) {
      const parts = m[1]!.split(/[\s/]+/).filter(Boolean).map(Number);
      if (parts.length < 3 || parts.some(Number.isNaN)) return null;
      return [parts[0]! * 255, parts[1]! * 255, parts[2]! * 255, parts[3] ?? 1];
    }
    return null;
  }

  function colorsIn(value: string): string[] {
    return value.match(/(rgba?|color)\([^()]*\)/g) ?? [];
  }

  function show(c: RGBA): string {
    const [r, g, b, a] = c.map((x, i) => (i < 3 ? Math.round(x) : Math.round(x * 100) / 100));
    return a === 1 ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${a})`;
  }

  /** `top` painted over the opaque `bottom`. */
  function over(top: RGBA, bottom: RGBA): RGBA {
    const a = top[3];
    return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
  }

  function luminance(c: RGBA): number {
    const lin = (x: number) => {
      const s = x / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  }

  function contrast(a: RGBA, b: RGBA): number {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  }

  /**
   * The opaque colour(s) painted behind `start` (inclusive): its own and its
   * ancestors' backgrounds, translucent ones blended over what lies below,
   * every colour of a gradient as a possibility. The canvas is white.
   */
  function backgroundsFrom(start: Element | null): { colors: RGBA[]; note?: string } {
    const translucent: RGBA[] = [];
    let note: string | undefined;
    let base: RGBA[] | null = null;
    for (let el = start; el && !base; el = el.parentElement) {
      const style = getComputedStyle(el);
      const image = style.backgroundImage;
      if (image && image !== 'none') {
        if (/url\(/.test(image)) note = `an image behind (${el.tagName.toLowerCase()}), not measured`;
        const stops = colorsIn(image)
          .map(parseColor)
          .filter((c): c is RGBA => c !== null && c[3] >= 0.5);
        if (stops.length) {
          base = stops.map((c) => (c[3] < 1 ? over(c, [255, 255, 255, 1]) : c));
          break;
        }
      }
      const bg = parseColor(style.backgroundColor);
      if (bg && bg[3] > 0) {
        if (bg[3] >= 1) base = [bg];
        else translucent.push(bg);
      }
    }
    let colors = base ?? [[255, 255, 255, 1] as RGBA];
    for (const layer of translucent.reverse()) colors = colors.map((c) => over(layer, c));
    return { colors, note };
  }

  function px(value: string): number {
    return Number.parseFloat(value) || 0;
  }

  function lookOf(el: Element): Look {
    const s = getComputedStyle(el);
    const outlineColor = parseColor(s.outlineColor);
    return {
      outline: {
        visible: s.outlineStyle !== 'none' && px(s.outlineWidth) > 0 && (outlineColor?.[3] ?? 1) > 0,
        color: s.outlineColor,
        width: px(s.outlineWidth),
        offset: px(s.outlineOffset),
        style: s.outlineStyle,
      },
      border: (['Top', 'Right', 'Bottom', 'Left'] as const).map((side) => ({
        color: s.getPropertyValue(`border-${side.toLowerCase()}-color`),
        width: px(s.getPropertyValue(`border-${side.toLowerCase()}-width`)),
        style: s.getPropertyValue(`border-${side.toLowerCase()}-style`),
      })),
      shadow: s.boxShadow,
    };
  }

  /**
   * Where a control's focus may show: the control itself; an MUI field's
   * outline (a <fieldset> beside its input); and for a control that cannot be
   * seen (the hidden input of a file button, a rating star, a checkbox) the few
   * elements around it that draw it.
   */
  function hostsOf(el: Element): Element[] {
    const hosts: Element[] = [el];
    if (el.matches('.MuiInputBase-input')) {
      const notched = el.closest('.MuiInputBase-root')?.querySelector(':scope > .MuiOutlinedInput-notchedOutline');
      if (notched) hosts.push(notched);
    }
    if (isHidden(el)) {
      let up = el.parentElement;
      for (let i = 0; i < ANCESTOR_LEVELS && up && up !== document.body; i++, up = up.parentElement) hosts.push(up);
    }
    return hosts;
  }

  function hostKey(control: Element, host: Element): string {
    return `${keyOf(control)}>${keyOf(host)}`;
  }
  const hostLooks = new Map<string, Look>();

  function snapshot(): void {
    const active = document.activeElement;
    for (const el of document.querySelectorAll(FOCUSABLE)) {
      if (el === active || el.contains(active)) continue;
      for (const host of hostsOf(el)) hostLooks.set(hostKey(el, host), lookOf(host));
      unfocused.set(el, lookOf(el));
    }
  }

  function isHidden(el: Element): boolean {
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return s.opacity === '0' || r.width <= 1 || r.height <= 1 || s.clipPath.includes('inset(50%)') || s.clip === 'rect(0px, 0px, 0px, 0px)';
  }

  function nameOf(el: Element): string {
    const aria = el.getAttribute('aria-label');
    if (aria) return aria;
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) {
      const text = labelledBy
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
        .join(' ')
        .trim();
      if (text) return text;
    }
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) {
      const label = el.labels?.[0]?.textContent?.trim();
      if (label) return label;
      if ('placeholder' in el && el.placeholder) return el.placeholder;
      if (el instanceof HTMLInputElement && el.type === 'radio') return el.value;
    }
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    return text.length > 50 ? `${text.slice(0, 47)}…` : text;
  }

  function kindOf(el: Element): ControlKind {
    const tag = el.tagName.toLowerCase();
    const role = el.getAttribute('role');
    const type = el instanceof HTMLInputElement ? el.type : '';
    if (role === 'tab') return 'tab';
    if (el.classList.contains('swiper-pagination-bullet')) return 'carousel bullet';
    if (type === 'radio' && el.closest('.MuiRating-root')) return 'rating star';
    if (type === 'checkbox') return 'checkbox';
    if (type === 'radio') return 'radio';
    if (type === 'file') return 'file input';
    if (type === 'search') return 'search input';
    if (tag === 'select' || role === 'combobox' || el.classList.contains('MuiSelect-select')) return 'select';
    if (tag === 'textarea' || tag === 'input') return 'text field';
    const look = unfocused.get(el);
    const s = getComputedStyle(el);
    const bg = parseColor(s.backgroundColor);
    const filled = bg !== null && bg[3] >= 0.5;
    const outlined = (look?.border ?? []).some((b) => b.width >= 1 && b.style !== 'none' && (parseColor(b.color)?.[3] ?? 0) > 0.3);
    const text = (el.textContent ?? '').trim();
    if (tag === 'a') {
      if (filled || outlined) return 'button-styled link';
      return text ? 'link' : 'icon button';
    }
    if (tag === 'button' || role === 'button') {
      if (el.classList.contains('MuiIconButton-root') || (!text && el.querySelector('svg'))) return 'icon button';
      if (filled) return 'filled button';
      if (outlined) return 'outlined button';
      return 'text button';
    }
    return 'other';
  }

  function describe(el: Element, kind: ControlKind): string {
    const tag = el.tagName.toLowerCase();
    const type = el instanceof HTMLInputElement ? `[type=${el.type}]` : '';
    const role = el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : '';
    return `${kind} <${tag}${type}${role}> "${nameOf(el)}"`;
  }

  /**
   * Waits for the finite transitions/animations on these elements (a label's
   * colour fades in; MUI's pulsing focus ripple never ends and is not waited
   * for), and for the first to stop moving (focus may have started a smooth scroll).
   */
  async function settled(elements: Element[]): Promise<void> {
    const running = elements
      .flatMap((el) => el.getAnimations())
      .filter((a) => a.playState === 'running' && (a.effect?.getComputedTiming().iterations ?? 1) !== Infinity);
    await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    const first = elements[0];
    if (!first) return;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let last = '';
    for (let i = 0; i < 120; i++) {
      const r = first.getBoundingClientRect();
      const now = `${r.left},${r.top},${r.width},${r.height}`;
      if (now === last) return;
      last = now;
      await frame();
    }
  }

  function sameBorder(a: Look['border'][number], b: Look['border'][number]): boolean {
    return a.color === b.color && a.width === b.width && a.style === b.style;
  }

  /** The sides of an outline that an ancestor's overflow cuts off (an outline is drawn outside the box, and can be). */
  function clippedSides(host: Element, reach: number): string[] {
    const r = host.getBoundingClientRect();
    const ring = { top: r.top - reach, right: r.right + reach, bottom: r.bottom + reach, left: r.left - reach };
    const sides = new Set<string>();
    for (let up = host.parentElement; up && up !== document.documentElement; up = up.parentElement) {
      const s = getComputedStyle(up);
      const clipsX = s.overflowX !== 'visible';
      const clipsY = s.overflowY !== 'visible';
      if (!clipsX && !clipsY) continue;
      const box = up.getBoundingClientRect();
      const inner = {
        top: box.top + px(s.borderTopWidth),
        right: box.right - px(s.borderRightWidth),
        bottom: box.bottom - px(s.borderBottomWidth),
        left: box.left + px(s.borderLeftWidth),
      };
      if (clipsX && ring.left < inner.left - 0.5) sides.add('left');
      if (clipsX && ring.right > inner.right + 0.5) sides.add('right');
      if (clipsY && ring.top < inner.top - 0.5) sides.add('top');
      if (clipsY && ring.bottom > inner.bottom + 0.5) sides.add('bottom');
    }
    return [...sides];
  }

  interface Candidate {
    indicator: string;
    contrast: number;
    against: string;
    note?: string;
    clipped?: string[];
  }

  function measureAgainst(color: RGBA, behind: Element | null, also: Element | null): { ratio: number; against: string; note?: string } {
    const outside = backgroundsFrom(behind);
    const inside = also ? backgroundsFrom(also) : { colors: [] as RGBA[], note: undefined };
    const colors = [...outside.colors, ...inside.colors];
    let worst = Infinity;
    let against = '';
    for (const bg of colors) {
      const c = color[3] < 1 ? over(color, bg) : color;
      const r = contrast(c, bg);
      if (r < worst) {
        worst = r;
        against = show(bg);
      }
    }
    const distinct = [...new Set(colors.map(show))];
    return { ratio: worst, against: distinct.length > 1 ? `${against} (worst of ${distinct.join(', ')})` : against, note: outside.note ?? inside.note };
  }

  async function measure(): Promise<FocusMeasure> {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) {
      return { description: 'the page itself', kind: 'other', measurable: false, key: 'body', indicator: '', contrast: 0, against: '', clipped: [] };
    }
    const kind = kindOf(el);
    const description = describe(el, kind);
    const key = keyOf(el);
    if (el.tagName === 'IFRAME') {
      return { description, kind, measurable: false, key, indicator: '', contrast: 0, against: '', clipped: [], note: 'a frame: its content styles its own focus' };
    }
    const hosts = hostsOf(el);
    const hidden = isHidden(el);
    const field = el.closest('.MuiFormControl-root');
    const label = field?.querySelector(':scope > .MuiInputLabel-root') ?? null;
    await settled(label ? [...hosts, label] : hosts);

    // A control mounted after the last snapshot (a lazy section arriving as focus scrolled to it):
    // look at it unfocused now, then give focus back (still from the keyboard, so still :focus-visible).
    if (!hostLooks.has(hostKey(el, el)) && el instanceof HTMLElement) {
      const control = el;
      control.blur();
      await settled(hosts);
      for (const host of hosts) hostLooks.set(hostKey(control, host), lookOf(host));
      control.focus({ preventScroll: true });
      await settled(hosts);
    }

    const candidates: Candidate[] = [];
    for (const host of hosts) {
      if (host === el && hidden) continue; // an invisible input's own outline cannot be seen
      const before = hostLooks.get(hostKey(el, host));
      if (!before) continue;
      const now = lookOf(host);
      const tag = `<${host.tagName.toLowerCase()}${host === el ? '' : ` (${host === hosts[1] && host.tagName === 'FIELDSET' ? "the field's outline" : 'around it'})`}>`;
      if (now.outline.visible && (!before.outline.visible || before.outline.color !== now.outline.color || before.outline.width !== now.outline.width)) {
        const color = parseColor(now.outline.color);
        if (color) {
          // An outline with a gap (offset > 0) sits on the background around the element; one drawn on its edge also touches its own.
          const m = measureAgainst(color, host.parentElement, now.outline.offset <= 0 ? host : null);
          const clipped = clippedSides(host, now.outline.offset + now.outline.width);
          candidates.push({
            indicator: `outline ${now.outline.width}px ${now.outline.style} ${now.outline.color} on ${tag}`,
            contrast: m.ratio,
            against: m.against,
            note: m.note,
            clipped,
          });
        } else candidates.push({ indicator: `outline ${now.outline.color} on ${tag}`, contrast: 0, against: '', note: `unknown colour ${now.outline.color}` });
      }
      const changed = now.border.filter((b, i) => b.width > 0 && b.style !== 'none' && !sameBorder(b, before.border[i]!));
      if (changed.length) {
        const b = changed[0]!;
        const color = parseColor(b.color);
        if (color && color[3] > 0) {
          const m = measureAgainst(color, host.parentElement, host);
          candidates.push({ indicator: `border ${b.width}px ${b.color} on ${tag}`, contrast: m.ratio, against: m.against, note: m.note });
        }
      }
      if (now.shadow !== before.shadow && now.shadow !== 'none') {
        for (const shadow of now.shadow.split(/,(?![^()]*\))/)) {
          const colorText = colorsIn(shadow)[0];
          const color = colorText ? parseColor(colorText) : null;
          if (!color || color[3] === 0) continue;
          const lengths = (shadow.replace(colorText!, '').match(/-?[\d.]+px/g) ?? []).map(px);
          const [, , blur = 0, spread = 0] = lengths;
          if (spread <= 0 && blur <= 0) continue;
          const inset = /\binset\b/.test(shadow);
          const m = measureAgainst(color, inset ? host : host.parentElement, null);
          candidates.push({ indicator: `box-shadow ${shadow.trim()} on ${tag}`, contrast: m.ratio, against: m.against, note: m.note });
        }
      }
    }

    const best = candidates.sort((a, b) => b.contrast - a.contrast)[0];
    const result: FocusMeasure = {
      description,
      kind,
      measurable: true,
      key,
      indicator: best?.indicator ?? '',
      contrast: best ? Math.round(best.contrast * 100) / 100 : 0,
      against: best?.against ?? '',
      note: best?.note,
      clipped: best?.clipped ?? [],
    };
    if (label && el.matches('.MuiInputBase-input')) {
      const color = parseColor(getComputedStyle(label).color);
      if (color) {
        const m = measureAgainst(color, label.parentElement, null);
        result.label = { text: (label.textContent ?? '').trim(), color: show(color), contrast: Math.round(m.ratio * 100) / 100 };
      }
    }
    return result;
  }

  window.__focusProbe = { snapshot, measure };
}
