import { promisify } from 'node:util';
import { constants, crc32, deflate, deflateRaw } from 'node:zlib';

/**
 * The certificate's PNG, built so that most of it is compressed once per issuer.
 *
 * An image is held as PNG scanlines (RGBA, each row led by its filter byte, 0 = none), so it
 * is drawn on and compressed with no conversion. A certificate differs from its issuer's
 * static layer only from a certain row down (the holder's data, QR code, issue date and
 * seal); the rows above are compressed once and kept. PNG data is one zlib stream, but a raw
 * deflate run that ends on a full flush (byte-aligned, nothing referred to across it) can
 * start one: the kept run, then the band's own zlib stream without its header, whose
 * Adler-32 is replaced by that of the whole, combined from the two. So a render compresses
 * only its band, on the libuv thread pool.
 */

const deflateAsync = promisify(deflate);
const deflateRawAsync = promisify(deflateRaw);
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** CMF/FLG: deflate with a 32 KiB window, no dictionary, fastest-level hint; a multiple of 31. */
const ZLIB_HEADER = Buffer.from([0x78, 0x01]);
const LEVEL = 3;
/** Output buffers this large take the whole result at once: zlib's default 16 KiB would cost a round trip between the pool and the event loop for every 16 KiB written. */
const CHUNK = 1024 * 1024;
/** Bands kept for reuse: as many as renders usually run at once. */
const SPARE_BANDS = 4;

/** RGBA pixels, premultiplied by alpha, as resvg renders them. */
export interface Layer {
  pixels: Buffer;
  width: number;
  height: number;
}

/** Rows [top, top + height) of an opaque RGBA image as PNG scanlines; drawn on in the image's coordinates. */
export class Scanlines {
  readonly stride: number;

  constructor(
    readonly width: number,
    readonly top: number,
    readonly height: number,
    readonly data: Buffer,
  ) {
    this.stride = width * 4 + 1;
  }

  /** From an opaque layer: the whole image. */
  static of(layer: Layer): Scanlines {
    const { pixels, width, height } = layer;
    const stride = width * 4;
    const data = Buffer.alloc((stride + 1) * height);
    for (let y = 0; y < height; y++) pixels.copy(data, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
    return new Scanlines(width, 0, height, data);
  }

  /**
   * Draws a layer over these rows with its top-left corner at (x, y); what falls outside is
   * left out. 'over' paints (source over); 'multiply' inks, as a stamp does: what lies beneath
   * shows through, so black text stays black under red.
   */
  composite(layer: Layer, x: number, y: number, mode: 'over' | 'multiply' = 'over'): void {
    const { pixels, width } = layer;
    const data = this.data;
    const first = Math.max(y, this.top);
    const last = Math.min(y + layer.height, this.top + this.height);
    const columns = Math.min(width, this.width - x);
    // Most of a layer is transparent: premultiplied, such a pixel is one zero word, skipped at a glance.
    const words = pixels.byteOffset % 4 === 0 ? new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.length / 4) : undefined;
    for (let row = first; row < last; row++) {
      let from = (row - y) * width * 4;
      let to = (row - this.top) * this.stride + 1 + x * 4;
      for (let column = 0; column < columns; column++, from += 4, to += 4) {
        if (words && words[from >> 2] === 0) continue;
        const alpha = pixels[from + 3] as number;
        if (alpha === 0) continue;
        for (let channel = 0; channel < 3; channel++) {
          const source = pixels[from + channel] as number;
          const below = data[to + channel] as number;
          // Premultiplied source: over = s + d(1 − a); multiply = d(1 − a) + d·s.
          data[to + channel] = mode === 'over' ? (source + (below * (255 - alpha) + 127) / 255) | 0 : ((below * (255 - alpha + source) + 127) / 255) | 0;
        }
      }
    }
  }

  /** Fills a rectangle (within these rows) with one opaque colour. */
  fill(x: number, y: number, width: number, height: number, [r, g, b]: readonly [number, number, number]): void {
    const pixel = Buffer.from([r, g, b, 255]);
    for (let row = y; row < y + height; row++) {
      const start = (row - this.top) * this.stride + 1 + x * 4;
      this.data.fill(pixel, start, start + width * 4);
    }
  }
}

/** The rows above the band, compressed once: a raw deflate run ending on a full flush, and its Adler-32. */
interface Run {
  deflated: Buffer;
  adler: number;
}

async function compressRun(data: Buffer): Promise<Run> {
  const [deflated, stored] = await Promise.all([
    deflateRawAsync(data, { level: LEVEL, finishFlush: constants.Z_FULL_FLUSH, chunkSize: CHUNK }),
    // zlib works out the run's Adler-32 while storing it uncompressed.
    deflateAsync(data, { level: 0, chunkSize: data.length + 64 * 1024 }),
  ]);
  return { deflated, adler: stored.readUInt32BE(stored.length - 4) };
}

/** The Adler-32 of two runs one after the other, from theirs (zlib's adler32_combine). */
function adlerCombine(first: number, second: number, secondLength: number): number {
  const BASE = 65521;
  const rem = secondLength % BASE;
  let sum1 = first & 0xffff;
  let sum2 = (rem * sum1) % BASE;
  sum1 += (second & 0xffff) + BASE - 1;
  sum2 += (first >>> 16) + (second >>> 16) + BASE - rem;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum2 >= BASE * 2) sum2 -= BASE * 2;
  if (sum2 >= BASE) sum2 -= BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * An image whose rows above `top` are the same on every copy: those are compressed once; each
 * copy gets the rows from `top` down to draw on, and only they are compressed.
 */
export class BandedImage {
  /** Bands handed back by png(), to be drawn on again: filling fresh memory of this size costs more than the copy. */
  private readonly spare: Buffer[] = [];

  private constructor(
    private readonly base: Scanlines,
    private readonly top: number,
    private readonly above: Run,
  ) {}

  static async of(base: Scanlines, top: number): Promise<BandedImage> {
    return new BandedImage(base, top, await compressRun(base.data.subarray(0, top * base.stride)));
  }

  /** A fresh copy of the band, to draw one image's own content on. */
  band(): Scanlines {
    const from = this.top * this.base.stride;
    const data = this.spare.pop() ?? Buffer.allocUnsafe(this.base.data.length - from);
    this.base.data.copy(data, 0, from);
    return new Scanlines(this.base.width, this.top, this.base.height - this.top, data);
  }

  /** The PNG of the kept rows with this band under them. The band is taken back for reuse: draw no more on it. */
  async png(band: Scanlines): Promise<Buffer> {
    const own = await deflateAsync(band.data, { level: LEVEL, chunkSize: CHUNK });
    if (this.spare.length < SPARE_BANDS) this.spare.push(band.data);
    // The band's stream: 2 bytes of header, its deflate blocks (the last one final), its Adler-32.
    const blocks = own.subarray(2, own.length - 4);
    const trailer = Buffer.alloc(4);
    trailer.writeUInt32BE(adlerCombine(this.above.adler, own.readUInt32BE(own.length - 4), band.data.length), 0);
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.base.width, 0);
    header.writeUInt32BE(this.base.height, 4);
    header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, not interlaced
    const stream = Buffer.concat([ZLIB_HEADER, this.above.deflated, blocks, trailer]);
    return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', stream), chunk('IEND', Buffer.alloc(0))]);
  }
}
