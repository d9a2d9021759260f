/**
 * A small reader of plain CSS (tests only): every rule as one comparable line,
 * `media|selectors|declarations`, whitespace and order of declarations aside.
 */
export function cssRules(css: string, media = ''): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/@import[^;]+;/g, '');
  const rules: string[] = [];
  let i = 0;
  for (;;) {
    const open = text.indexOf('{', i);
    if (open < 0) break;
    const head = text.slice(i, open).trim();
    let depth = 1;
    let j = open + 1;
    while (depth > 0 && j < text.length) {
      if (text[j] === '{') depth++;
      else if (text[j] === '}') depth--;
      j++;
    }
    const body = text.slice(open + 1, j - 1);
    if (head.startsWith('@')) rules.push(...cssRules(body, normalizeMedia(head)));
    else rules.push(`${media}|${normalizeSelectors(head)}|${normalizeDeclarations(body)}`);
    i = j;
  }
  return rules;
}

const normalizeMedia = (head: string) => head.replace(/\s+/g, ' ').replace(/\(\s*/g, '(').replace(/\s*\)/g, ')').replace(/\s*:\s*/g, ':');

const normalizeSelectors = (head: string) =>
  head
    .split(',')
    .map((selector) => selector.trim().replace(/\s+/g, ' '))
    .join(',');

const normalizeDeclarations = (body: string) =>
  body
    .split(';')
    .map((declaration) => declaration.trim())
    .filter(Boolean)
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      return `${declaration.slice(0, colon).trim().toLowerCase()}:${declaration.slice(colon + 1).trim().replace(/\s+/g, ' ')}`;
    })
    .sort()
    .join(';');

/** The `--name: value` custom properties of a stylesheet, in order. */
export function customProperties(css: string): [string, string][] {
  return [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim().replace(/\s+/g, ' ')]);
}
