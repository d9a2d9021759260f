import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import { useId, useState, type KeyboardEvent } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { Swiper, SwiperSlide } from 'swiper/react';
import swiperCss from 'swiper/css?inline';
import { categoryMessages } from '@/config/category-messages';
import { addStyleSheet } from '@/lib/style-sheet';

// Swiper's CSS, with this chunk (see addStyleSheet).
addStyleSheet('swiper', swiperCss);

const m = categoryMessages.product;

const focusRing = { '&:focus-visible': { outline: '3px solid', outlineColor: 'info.main', outlineOffset: 2 } } as const;

interface GalleryDialogProps {
  name: string;
  images: string[];
  /** The picture shown first. */
  start: number;
  onClose: () => void;
}

/**
 * A product's pictures, one at a time (swiper: swipe, or the arrows, or the
 * arrow keys anywhere in the dialog), with a button per thumbnail. Lazy: the
 * product page's first paint needs none of it.
 */
export default function GalleryDialog({ name, images, start, onClose }: GalleryDialogProps) {
  const [index, setIndex] = useState(start);
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const titleId = useId();
  const show = (next: number) => {
    const i = (next + images.length) % images.length;
    setIndex(i);
    swiper?.slideTo(i);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') show(index - 1);
    else if (e.key === 'ArrowRight') show(index + 1);
    else return;
    e.preventDefault();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {name}
      </DialogTitle>
      <IconButton aria-label={m.closeGallery} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      {/* The grid's one column may shrink below its content (minmax(0, 1fr), min-width 0): swiper sizes its slides
          from their container, and a grid cell sized by its content grew with them, to millions of pixels. */}
      <DialogContent sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
        <Box sx={{ position: 'relative', minWidth: 0 }} data-testid="gallery-stage">
          <Swiper initialSlide={start} onSwiper={setSwiper} onSlideChange={(s) => setIndex(s.activeIndex)} spaceBetween={8} style={{ aspectRatio: '4 / 3' }}>
            {images.map((src, i) => (
              <SwiperSlide key={src}>
                <Box component="img" src={src} alt={`${name}: ${m.picture(i + 1, images.length)}`} sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain', bgcolor: 'background.default' }} />
              </SwiperSlide>
            ))}
          </Swiper>
          {(
            [
              ['left', m.previous, -1, <ChevronLeftIcon key="l" />],
              ['right', m.next, 1, <ChevronRightIcon key="r" />],
            ] as const
          ).map(([side, label, step, icon]) => (
            <IconButton
              key={side}
              aria-label={label}
              onClick={() => show(index + step)}
              sx={{ position: 'absolute', top: '50%', [side]: 8, transform: 'translateY(-50%)', zIndex: 2, bgcolor: 'background.paper', boxShadow: 2, '&:hover': { bgcolor: 'background.paper' }, ...focusRing }}
            >
              {icon}
            </IconButton>
          ))}
        </Box>
        <Typography role="status" aria-live="polite" sx={{ fontWeight: 600, textAlign: 'center' }}>
          {m.picture(index + 1, images.length)}
        </Typography>
        <Box component="ul" aria-label={m.gallery} sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center' }}>
          {images.map((src, i) => (
            <li key={src}>
              <Box
                component="button"
                type="button"
                aria-label={m.showPicture(i + 1)}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => show(i)}
                sx={{ display: 'block', p: 0, width: 72, height: 54, border: 2, borderColor: i === index ? 'primary.main' : 'divider', borderRadius: 1, overflow: 'hidden', cursor: 'pointer', bgcolor: 'background.paper', ...focusRing }}
              >
                <Box component="img" src={src} alt="" sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} />
              </Box>
            </li>
          ))}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
