import s from './product-picture.module.css';

/**
 * Product pictures are stored 480×360 (4:3). Every place that shows one
 * reserves that box (pictureBox, or the pictureFrame class) before the picture
 * loads, so nothing shifts.
 */
const WIDTH = 480;
const HEIGHT = 360;

/** The frame's sizing, for a frame drawn with MUI: spread it into the frame's sx. */
export const pictureBox = { aspectRatio: `${WIDTH} / ${HEIGHT}`, overflow: 'hidden' } as const;

/** The same, as a class, for a frame drawn without MUI (a product card). */
export const pictureFrame = s.frame;

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
    <img
      className={s.picture}
      src={src}
      alt={alt}
      width={WIDTH}
      height={HEIGHT}
      loading={lazy ? 'lazy' : undefined}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
