import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * RGBA pixels as a PNG (8-bit, no filtering). resvg's own encoder runs on the calling thread,
 * about 20–30 ms of event loop for a certificate; here only the row copy does, and the
 * compression runs on the libuv thread pool. A flat certificate compresses better this way too.
 */
export async function encodePng(pixels: Buffer, width: number, height: number): Promise<Buffer> {
  const stride = width * 4;
  const rows = Buffer.alloc((stride + 1) * height);
  // Each row starts with its filter type, 0 (none).
  for (let y = 0; y < height; y++) pixels.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, not interlaced
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', await deflateAsync(rows, { level: 3 })), chunk('IEND', Buffer.alloc(0))]);
}
