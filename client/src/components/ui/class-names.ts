/** The class names given, falsy ones left out: `classNames(s.card, busy && s.busy)`. */
export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
