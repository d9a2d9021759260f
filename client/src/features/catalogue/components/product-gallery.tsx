import { lazy, Suspense, useState } from 'react';
import { categoryMessages } from '@/config/category-messages';
import { withMui } from '@/lib/with-mui';
import s from './product-gallery.module.css';

const m = categoryMessages.product;

/** MUI's dialog (and swiper): their code, and MUI's, load when a thumbnail is first opened. */
const GalleryDialog = lazy(withMui(() => import('./product-gallery-dialog')));

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
      <ul aria-label={m.gallery} className={s.thumbnails}>
        {images.map((src, i) => (
          <li key={src}>
            <button type="button" aria-label={m.showPicture(i + 1)} onClick={() => setOpen(i)} className={s.thumbnail}>
              <img src={src} alt="" width={56} height={42} loading="lazy" className={s.picture} />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && (
        <Suspense fallback={null}>
          <GalleryDialog name={name} images={images} start={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
