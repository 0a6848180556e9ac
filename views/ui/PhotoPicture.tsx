/**
 * A gallery photo as a responsive image: WebP sources with a JPEG fallback, every variant in `srcset` so the
 * browser picks by width, lazy loading, and the intrinsic size (no layout shift). Server views and islands
 * share it.
 */
import { css } from 'styled-components';
import type { PhotoJson } from '../../src/validation/photos';

/** A photo filling its box at 4:3, cropped (cards in the gallery grids). */
export const photoCover = css`
  display: block;
  width: 100%;
  aspect-ratio: 4 / 3;
  height: auto;
  object-fit: cover;
`;

export function PhotoPicture({
  photo,
  sizes,
  className,
  eager = false,
}: {
  photo: Pick<PhotoJson, 'sources' | 'caption'>;
  /** The `sizes` attribute: how wide the image shows (e.g. "(min-width: 1024px) 25vw, 50vw"). */
  sizes: string;
  className?: string;
  eager?: boolean;
}) {
  const { thumbnail, medium, large } = photo.sources;
  const set = (format: 'webp' | 'jpeg') => [thumbnail, medium, large].map((s) => `${s[format]} ${s.width}w`).join(', ');
  return (
    <picture className={className}>
      <source type="image/webp" srcSet={set('webp')} sizes={sizes} />
      <img
        src={medium.jpeg}
        srcSet={set('jpeg')}
        sizes={sizes}
        width={medium.width}
        height={medium.height}
        alt={photo.caption ?? ''}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
    </picture>
  );
}
