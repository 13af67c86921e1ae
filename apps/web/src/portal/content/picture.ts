import { imageSrcSet } from '@portal/shared';

/**
 * `src`, `srcSet` and `sizes` of an uploaded picture: the browser picks the smallest WebP copy
 * that fills `sizes` at the screen's pixel density. Pictures without copies (outside links,
 * GIFs) keep their one address.
 */
export function pictureSources(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = imageSrcSet(url);
  return srcSet ? { src: url, srcSet, sizes } : { src: url };
}
