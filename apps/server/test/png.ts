import { crc32, deflateSync, inflateSync } from 'node:zlib';

/**
 * A minimal PNG decoder for tests: 8-bit RGBA or RGB, not interlaced (what resvg writes). Enough
 * to check an image's size from its header and to compare the pixels of a region.
 */
export interface DecodedPng {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, rows top to bottom. */
  pixels: Buffer;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, which must come first. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (!png.subarray(0, 8).equals(SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export function decodePng(png: Buffer): DecodedPng {
  const { width, height } = pngSize(png);
  const [bitDepth, colourType, , , interlace] = png.subarray(24, 29);
  const channels = colourType === 6 ? 4 : colourType === 2 ? 3 : 0;
  if (bitDepth !== 8 || channels === 0 || interlace !== 0) throw new Error(`unsupported PNG (depth ${bitDepth}, colour type ${colourType})`);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? (rows[y * stride + x - channels] as number) : 0;
      const up = y > 0 ? (rows[(y - 1) * stride + x] as number) : 0;
      const upLeft = x >= channels && y > 0 ? (rows[(y - 1) * stride + x - channels] as number) : 0;
      const paeth = () => {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      };
      const predictor = [0, left, up, (left + up) >> 1, paeth()][filter as number] as number;
      rows[y * stride + x] = ((line[x] as number) + predictor) & 0xff;
    }
  }
  if (channels === 4) return { width, height, pixels: rows };
  const pixels = Buffer.alloc(width * height * 4, 0xff);
  for (let i = 0; i < width * height; i++) rows.copy(pixels, i * 4, i * 3, i * 3 + 3);
  return { width, height, pixels };
}

/** How many pixels differ between two images of one size within a rectangle. */
export function differingPixels(a: DecodedPng, b: DecodedPng, box: { x: number; y: number; width: number; height: number }): number {
  let differing = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = (y * a.width + x) * 4;
      if (a.pixels.readUInt32BE(i) !== b.pixels.readUInt32BE(i)) differing++;
    }
  }
  return differing;
}

/**
 * A valid PNG of `width` × `height` black pixels, 1 bit each, whose rows of zeros compress to
 * almost nothing: 20000 × 20000 is about 50 KB here and 1.6 GB once decoded (a pixel flood).
 */
export function pixelFloodPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth; colour type 0 (grey), deflate, no filter method, not interlaced
  // Each row: filter byte 0 and width bits of zeros.
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
