import type { ElementType, HTMLAttributes } from 'react';
import { classNames } from './class-names';
import s from './steel-panel.module.css';

type SteelPanelProps = HTMLAttributes<HTMLElement> & {
  /** The element (a hero is a `section`). */
  component?: ElementType;
  /** The hazard stripe along the bottom edge: a hero's is taller, with wider bands, than a card's. */
  stripe?: 'hero' | 'card';
};

/**
 * The dark steel surface of the heroes and the headers of the author and sign-in
 * cards: white text, amber focus rings, and a hazard stripe along the bottom.
 * Drawn without MUI (the banner of `/` is one); a page drawn with MUI lays it
 * out with `<Box component={SteelPanel} sx={…}>` (emotion's class comes later
 * in the page than this one's, so its rules win, as a caller's sx did).
 */
export function SteelPanel({ component: Element = 'div', stripe = 'card', className, ...props }: SteelPanelProps) {
  return <Element {...props} className={classNames(s.panel, s[stripe], className)} />;
}
