import zlib from 'node:zlib';

/**
 * A gzip member for a body whose only changing part is a short text between two fixed parts
 * (an article's view count inside its JSON): the fixed parts are compressed once, and each
 * answer joins them around the changing text sent as a stored (uncompressed) deflate block.
 * This is valid deflate: the part before ends with a full flush, which ends byte-aligned and
 * leaves no reference into it for what follows, so blocks compressed apart can follow it.
 * Each answer then costs a CRC over the part after (microseconds) instead of compressing the
 * whole body again (a tenth of a millisecond or more per reading of a popular article).
 */
export class SplicedGzip {
  private readonly head: Buffer;
  private readonly tail: Buffer;
  private readonly headCrc: number;
  private readonly fixedLength: number;

  constructor(
    before: Buffer,
    private readonly after: Buffer,
  ) {
    // FLG 0, MTIME 0, XFL 0, OS 255 (unknown): what zlib writes without a name or time.
    const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
    this.head = Buffer.concat([header, zlib.deflateRawSync(before, { finishFlush: zlib.constants.Z_FULL_FLUSH })]);
    this.tail = zlib.deflateRawSync(after);
    this.headCrc = zlib.crc32(before);
    this.fixedLength = before.length + after.length;
  }

  /** What it keeps in memory. */
  get bytes(): number {
    return this.head.length + this.tail.length + this.after.length;
  }

  /** The gzip bytes of before + middle + after; `middle` is at most 65,535 bytes (one stored block). */
  with(middle: Buffer): Buffer {
    const stored = Buffer.alloc(5);
    // BFINAL 0, BTYPE 00 (stored), padded to the byte; then LEN and its complement NLEN.
    stored.writeUInt16LE(middle.length, 1);
    stored.writeUInt16LE(~middle.length & 0xffff, 3);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(zlib.crc32(this.after, zlib.crc32(middle, this.headCrc)), 0);
    trailer.writeUInt32LE((this.fixedLength + middle.length) % 2 ** 32, 4);
    return Buffer.concat([this.head, stored, middle, this.tail, trailer]);
  }
}
