/**
 * sharp, imported on first use (src/lazyImport.ts) and set up once for the process: two libvips threads per
 * image, and no operation cache (every upload and preview image is new).
 */
import { lazyImport } from '../../lazyImport';

export const loadSharp = lazyImport(async () => {
  const { default: sharp } = await import('sharp');
  sharp.concurrency(2);
  sharp.cache(false);
  return sharp;
});
