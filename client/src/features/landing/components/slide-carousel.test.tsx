import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { SLIDES } from '../content/slides';
import { SlideCarousel } from './slide-carousel';

const slide = (n: number) => within(document.getElementById(`slide${n}`)!);

describe('SlideCarousel', () => {
  it('has four slides, #slide1 to #slide4, each named for its place', () => {
    renderWithProviders(<SlideCarousel slides={SLIDES} />);
    const groups = screen.getAllByRole('group');
    expect(groups.map((g) => g.id)).toEqual(['slide1', 'slide2', 'slide3', 'slide4']);
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['1 of 4', '2 of 4', '3 of 4', '4 of 4']);
    expect(groups.every((g) => g.getAttribute('aria-roledescription') === 'slide')).toBe(true);
    expect(screen.getByRole('region', { name: 'What we supply' })).toHaveAttribute('aria-roledescription', 'carousel');
  });

  it('links each slide to its neighbours, looping: previous from 1 is #slide4, next from 4 is #slide1', () => {
    renderWithProviders(<SlideCarousel slides={SLIDES} />);
    const hrefs = (n: number) => slide(n).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs(1)).toEqual(['#slide4', '#slide2']);
    expect(hrefs(2)).toEqual(['#slide1', '#slide3']);
    expect(hrefs(3)).toEqual(['#slide2', '#slide4']);
    expect(hrefs(4)).toEqual(['#slide3', '#slide1']);
  });

  it('names the links after the slide they lead to', () => {
    renderWithProviders(<SlideCarousel slides={SLIDES} />);
    expect(slide(1).getByRole('link', { name: 'Previous slide: Pumps' })).toHaveAttribute('href', '#slide4');
    expect(slide(4).getByRole('link', { name: 'Next slide: Generators' })).toHaveAttribute('href', '#slide1');
  });
});
