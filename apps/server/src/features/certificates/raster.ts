import { renderAsync } from '@resvg/resvg-js';
import QRCode from 'qrcode';
import type { Layer, Scanlines } from './png.js';

/**
 * Drawing pieces the server's images share (the certificate, the electronic membership card):
 * an SVG document, its rasterisation by resvg with no fonts (every text is glyph paths,
 * ./glyphs.ts), and a QR code drawn as whole pixels straight onto PNG scanlines.
 */

/** Nothing is left for resvg to shape: no fonts at all. */
const renderOptions = { font: { loadSystemFonts: false } } as const;

/** An SVG document of `width` × `height` px showing `viewBox` (by default the same box from the origin). */
export const svg = (width: number, height: number, body: string, viewBox = `0 0 ${width} ${height}`) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">${body}</svg>`;

/** An SVG document as premultiplied RGBA pixels, rendered on the libuv thread pool. */
export async function rendered(markup: string): Promise<Layer> {
  const image = await renderAsync(markup, renderOptions);
  return { pixels: image.pixels, width: image.width, height: image.height };
}

/**
 * What an image shares across everything one issuer issues (its static layers), made on first
 * use and kept: an instance has one issuer, or a few. A failed make is not kept.
 */
export function keptPerIssuer<T>(make: (issuer: string) => Promise<T>): (issuer: string) => Promise<T> {
  const kept = new Map<string, Promise<T>>();
  return (issuer) => {
    let value = kept.get(issuer);
    if (!value) {
      value = make(issuer);
      kept.set(issuer, value);
      value.catch(() => kept.delete(issuer));
    }
    return value;
  };
}

/** Where a QR code goes: a white square panel at (x, y) of `size` px with a quiet zone of at least `margin` px. */
export interface QrBox {
  x: number;
  y: number;
  size: number;
  margin: number;
}

/** The QR code of `url` (error correction M): its dark modules, whole pixels each, centred in the panel. */
export function drawQr(image: Scanlines, url: string, box: QrBox): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const area = box.size - 2 * box.margin;
  const modulePx = Math.max(1, Math.floor(area / modules.size));
  const origin = (v: number) => v + Math.floor((box.size - modules.size * modulePx) / 2);
  const [left, top] = [origin(box.x), origin(box.y)];
  for (let y = 0; y < modules.size; y++) {
    let x = 0;
    while (x < modules.size) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < modules.size && modules.get(y, x)) x++;
      image.fill(left + start * modulePx, top + y * modulePx, (x - start) * modulePx, modulePx, [0, 0, 0]);
    }
  }
}
