import type { CSSProperties, ReactNode } from 'react';
import { classNames } from './class-names';
import s from './card-grid.module.css';

interface CardGridProps {
  /** Columns on large screens (1, 2 and 3 below that). */
  wide: number;
  /** Given for a grid that refreshes in place: while true it is dimmed and marked busy for screen readers. */
  busy?: boolean;
  /** The cards, each in its <li>. */
  children: ReactNode;
}

/** A list of cards (products) as a grid: one column on phones, up to `wide` on large screens. */
export function CardGrid({ wide, busy, children }: CardGridProps) {
  const style = { '--card-grid-wide': wide, ...(busy !== undefined && { opacity: busy ? 0.6 : 1 }) } as CSSProperties;
  return (
    <ul aria-busy={busy} className={classNames(s.grid, busy !== undefined && s.refreshing)} style={style}>
      {children}
    </ul>
  );
}
