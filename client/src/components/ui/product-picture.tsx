import Box from '@mui/material/Box';

/**
 * Product pictures are stored 480×360 (4:3). Every place that shows one
 * reserves that box (pictureBox) before the picture loads, so nothing shifts.
 */
const WIDTH = 480;
const HEIGHT = 360;

/** The frame's sizing: spread it into the frame's sx. */
export const pictureBox = { aspectRatio: `${WIDTH} / ${HEIGHT}`, overflow: 'hidden' } as const;

interface ProductPictureProps {
  src: string;
  alt: string;
  /** below the fold (cards): the browser loads it when it nears the viewport */
  lazy?: boolean;
  /** the page's main picture: fetched first */
  priority?: boolean;
}

/** A product's picture, filling its frame. */
export function ProductPicture({ src, alt, lazy = false, priority = false }: ProductPictureProps) {
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      width={WIDTH}
      height={HEIGHT}
      loading={lazy ? 'lazy' : undefined}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
    />
  );
}
