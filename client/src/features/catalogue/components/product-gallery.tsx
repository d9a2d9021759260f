import Box from '@mui/material/Box';
import { lazy, Suspense, useState } from 'react';
import { categoryMessages } from '@/config/category-messages';

const m = categoryMessages.product;

const GalleryDialog = lazy(() => import('./product-gallery-dialog'));

/** Every picture of a product, in order, without repeats; `image` first. */
export function productImages(product: { image: string; images?: string[] }): string[] {
  return [...new Set([product.image, ...(product.images ?? [])])];
}

interface GalleryThumbnailsProps {
  name: string;
  images: string[];
}

/**
 * The thumbnails of a product with several pictures, over the bottom of its
 * main picture (so that they move nothing the server drew): each a button that
 * opens the gallery at that picture. The gallery's code (swiper) loads then.
 */
export function GalleryThumbnails({ name, images }: GalleryThumbnailsProps) {
  const [open, setOpen] = useState<number | null>(null);
  if (images.length < 2) return null;
  return (
    <>
      <Box
        component="ul"
        aria-label={m.gallery}
        sx={{ position: 'absolute', left: 8, right: 8, bottom: 8, m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {images.map((src, i) => (
          <li key={src}>
            <Box
              component="button"
              type="button"
              aria-label={m.showPicture(i + 1)}
              onClick={() => setOpen(i)}
              sx={{
                display: 'block',
                p: 0,
                width: 56,
                height: 42,
                border: 2,
                borderColor: 'common.white',
                borderRadius: 1,
                overflow: 'hidden',
                cursor: 'pointer',
                bgcolor: 'background.paper',
                boxShadow: 2,
                '&:focus-visible': { outline: '3px solid', outlineColor: 'info.main', outlineOffset: 2 },
              }}
            >
              <Box component="img" src={src} alt="" width={56} height={42} loading="lazy" sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} />
            </Box>
          </li>
        ))}
      </Box>
      {open !== null && (
        <Suspense fallback={null}>
          <GalleryDialog name={name} images={images} start={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
