import { describe, expect, it } from 'vitest';
import { REVIEW_BREAKPOINTS } from './reviews-carousel';

/** What swiper applies at a window width: the largest breakpoint at or below it. */
function slidesPerViewAt(width: number): number {
  const key = Object.keys(REVIEW_BREAKPOINTS)
    .map(Number)
    .filter((min) => min <= width)
    .sort((a, b) => b - a)[0]!;
  return REVIEW_BREAKPOINTS[key as keyof typeof REVIEW_BREAKPOINTS].slidesPerView;
}

describe('REVIEW_BREAKPOINTS', () => {
  it('shows 1 review below 550 px', () => {
    for (const width of [320, 360, 400, 549]) expect(slidesPerViewAt(width), `${width}px`).toBe(1);
  });

  it('shows 2 reviews from 550 px up, however wide the window', () => {
    for (const width of [550, 768, 1024, 1200, 1280, 1920, 2560]) expect(slidesPerViewAt(width), `${width}px`).toBe(2);
  });
});
