import Box from '@mui/material/Box';

/**
 * A product's small picture in a list row: decorative (the row names the
 * product), loaded when near, on a muted ground until it comes.
 */
export function Thumbnail({ src, width, height }: { src: string; width: number; height: number }) {
  return (
    <Box
      component="img"
      src={src}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      sx={{ display: 'block', flexShrink: 0, width, height, objectFit: 'cover', borderRadius: 1, bgcolor: 'surface.muted' }}
    />
  );
}
