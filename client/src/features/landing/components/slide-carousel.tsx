import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AirOutlinedIcon from '@mui/icons-material/AirOutlined';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import LocalFireDepartmentOutlinedIcon from '@mui/icons-material/LocalFireDepartmentOutlined';
import WaterDropOutlinedIcon from '@mui/icons-material/WaterDropOutlined';
import { styled } from '@mui/material/styles';
import { useEffect, type ReactNode } from 'react';
import { SectionHeading } from '@/components/ui/section-heading';
import { contentMessages } from '@/config/content-messages';
import { onDarkSurface, slideBackgrounds } from '@/lib/theme';
import type { Slide } from '../content/slides';

const m = contentMessages.landing;

const ICONS: Record<Slide['icon'], ReactNode> = {
  generator: <BoltOutlinedIcon />,
  compressor: <AirOutlinedIcon />,
  welder: <LocalFireDepartmentOutlinedIcon />,
  pump: <WaterDropOutlinedIcon />,
};

/** `slide1` … `slideN`: the anchors that reach each slide. */
export const slideId = (index: number) => `slide${index + 1}`;

const Arrow = styled('a')(({ theme }) => ({
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  zIndex: 1,
  display: 'grid',
  placeItems: 'center',
  width: 48,
  height: 48,
  borderRadius: '50%',
  background: theme.palette.common.white,
  color: theme.palette.secondary.main,
  boxShadow: '0 4px 14px rgba(0,0,0,.25)',
  '& svg': { fontSize: 30 },
  '&:hover': { background: theme.palette.primary.main },
}));

/** After an arrow is used, keep the keyboard on the same arrow of the slide now shown. */
function focusArrow(targetId: string, direction: 'previous' | 'next') {
  window.setTimeout(() => {
    document.querySelector<HTMLElement>(`#${targetId} [data-direction="${direction}"]`)?.focus({ preventScroll: true });
  }, 0);
}

/**
 * A full-width carousel in CSS alone: the slides scroll-snap side by side and
 * each has previous/next links to the others' anchors (#slide1 …), looping
 * round at both ends. Without JS, the links still work.
 */
export function SlideCarousel({ slides }: { slides: readonly Slide[] }) {
  const total = slides.length;

  // Opened at /landing#slide3: this page's code arrived after the browser looked for the anchor.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (/^slide\d+$/.test(id)) document.getElementById(id)?.scrollIntoView();
  }, []);

  return (
    <Box component="section" aria-roledescription="carousel" aria-labelledby="carousel-title" sx={{ position: 'relative', bgcolor: 'secondary.main' }}>
      <Box sx={{ bgcolor: 'background.default', py: { xs: 5, md: 7 }, textAlign: 'center', px: 2 }}>
        <SectionHeading id="carousel-title" title={m.carouselTitle} titleSize={{ xs: '2rem', md: '2.5rem' }} subtitle={m.carouselText} centered />
      </Box>
      <Box
        data-testid="carousel-track"
        sx={{
          display: 'flex',
          height: '80vh',
          minHeight: 420,
          overflowX: 'auto',
          overflowY: 'hidden',
          scrollSnapType: 'x mandatory',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
          '@media (prefers-reduced-motion: no-preference)': { scrollBehavior: 'smooth' },
        }}
      >
        {slides.map((slide, i) => {
          const previous = (i - 1 + total) % total;
          const next = (i + 1) % total;
          return (
            <Box
              key={slide.title}
              id={slideId(i)}
              role="group"
              aria-roledescription={m.slide}
              aria-label={m.slideOf(i + 1, total)}
              sx={{
                position: 'relative',
                flex: '0 0 100%',
                scrollSnapAlign: 'start',
                // Anchored from the header's links: keep the slide's top clear of the sticky header.
                scrollMarginTop: { xs: 64, md: 72 },
                display: 'flex',
                alignItems: 'center',
                color: 'common.white',
                background: slideBackgrounds[slide.icon],
                ...onDarkSurface,
                overflow: 'hidden',
              }}
            >
              <Box
                aria-hidden="true"
                sx={{ position: 'absolute', right: { xs: -40, md: '6%' }, bottom: { xs: -30, md: 'auto' }, color: 'rgba(255,255,255,.1)', '& svg': { fontSize: { xs: 240, md: 380 } } }}
              >
                {ICONS[slide.icon]}
              </Box>
              <Box sx={{ position: 'relative', maxWidth: 640, px: { xs: 9, sm: 12, md: 16 }, py: 6 }}>
                <Typography component="p" sx={{ fontWeight: 800, letterSpacing: '0.14em', color: 'primary.main' }}>
                  {`${String(i + 1).padStart(2, '0')} / ${String(total).padStart(2, '0')}`}
                </Typography>
                <Typography variant="h3" component="h3" sx={{ fontSize: { xs: '2.1rem', md: '3.2rem' }, mt: 1 }}>
                  {slide.title}
                </Typography>
                <Typography sx={{ mt: 2, fontSize: { xs: '1rem', md: '1.2rem' }, lineHeight: 1.7, color: 'textOnDark.body' }}>{slide.text}</Typography>
              </Box>
              <Arrow
                href={`#${slideId(previous)}`}
                data-direction="previous"
                aria-label={m.previous(slides[previous]?.title ?? '')}
                onClick={() => focusArrow(slideId(previous), 'previous')}
                sx={{ left: { xs: 12, md: 28 } }}
              >
                <ChevronLeftIcon aria-hidden="true" />
              </Arrow>
              <Arrow
                href={`#${slideId(next)}`}
                data-direction="next"
                aria-label={m.next(slides[next]?.title ?? '')}
                onClick={() => focusArrow(slideId(next), 'next')}
                sx={{ right: { xs: 12, md: 28 } }}
              >
                <ChevronRightIcon aria-hidden="true" />
              </Arrow>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
