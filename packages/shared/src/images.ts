/**
 * Web copies of uploaded pictures. When a JPEG, PNG or WebP is uploaded (and for the demo
 * pictures), the server writes WebP copies beside it at these widths, named after the original:
 * `/uploads/202611/<name>.png` → `/uploads/202611/<name>.w640.webp`. Pages offer them with
 * `srcset` and let the browser pick; a copy that is missing (a file uploaded before copies
 * were made) is answered with a redirect to the original, so no picture breaks.
 */
export const imageWidths = [320, 640, 1280] as const;

/** Uploaded pictures that get copies: our own random names, in the formats the encoder reads. */
const source = /^(\/uploads\/\d{6}\/[0-9a-f]{32})\.(?:jpe?g|png|webp)$/;
const variant = /^(\/uploads\/\d{6}\/[0-9a-f]{32})\.w(\d+)\.webp$/;

/** The address of the copy of `url` at `width`; undefined when `url` has no copies (outside links, GIF, BMP). */
export function imageVariantUrl(url: string, width: number): string | undefined {
  const match = source.exec(url);
  return match ? `${match[1]}.w${width}.webp` : undefined;
}

/** `srcset` of the copies of `url`, or undefined when it has none. */
export function imageSrcSet(url: string): string | undefined {
  if (!source.test(url)) return undefined;
  return imageWidths.map((w) => `${imageVariantUrl(url, w)} ${w}w`).join(', ');
}

/** For a copy's address: the width and the stem it shares with its original (`/uploads/<month>/<name>`). */
export function parseImageVariant(url: string): { stem: string; width: number } | undefined {
  const match = variant.exec(url);
  if (!match) return undefined;
  const width = Number(match[2]);
  return (imageWidths as readonly number[]).includes(width) ? { stem: match[1]!, width } : undefined;
}
