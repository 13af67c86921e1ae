import fs from 'node:fs';

/**
 * What the certificate reads of a TrueType font file: which code points it maps, their
 * advance widths, and their outlines as SVG path data, straight from the cmap, hmtx, loca
 * and glyf tables.
 *
 * Outlines used to be obtained by letting resvg lay out each character and serialise it as a
 * path; with a CJK font of 15 MB that cost 20-30 ms of the event loop for every character not
 * seen before, so a run of certificates with new names stalled the server. Read here, an
 * outline takes microseconds. Only what is needed stays in memory: the cmap, the advance
 * widths and the glyph locations; glyph data is read from the file when a character is first
 * drawn. No hinting is applied (none is wanted at these sizes).
 */

/** A point of a contour, in font units, y upwards; `on` when on the curve (else a quadratic control point). */
interface Point {
  x: number;
  y: number;
  on: boolean;
}

/** The glyf table's flags: of a simple glyph's points, and of a composite glyph's components. */
const POINT_FLAGS = { ON_CURVE: 0x01, X_SHORT: 0x02, Y_SHORT: 0x04, REPEAT: 0x08, X_SAME_OR_POSITIVE: 0x10, Y_SAME_OR_POSITIVE: 0x20 } as const;
const COMPONENT_FLAGS = { ARG_WORDS: 0x0001, ARGS_ARE_XY: 0x0002, SCALE: 0x0008, MORE: 0x0020, XY_SCALE: 0x0040, TWO_BY_TWO: 0x0080 } as const;

/** Numbers in path data: a tenth of a unit is finer than any pixel. */
const n = (value: number) => String(Math.round(value * 10) / 10);

export class TrueTypeFont {
  private constructor(
    private readonly file: string,
    private readonly fd: number,
    private readonly unitsPerEm: number,
    private readonly glyphOf: (codePoint: number) => number,
    private readonly advances: Float64Array,
    /** Where each glyph's data starts in the file, and where the last one ends (numGlyphs + 1 entries). */
    private readonly locations: Float64Array,
  ) {}

  static open(file: string): TrueTypeFont {
    const font = fs.readFileSync(file);
    const tables = new Map<string, number>();
    for (let i = 0, count = font.readUInt16BE(4); i < count; i++) {
      const record = 12 + i * 16;
      tables.set(font.toString('latin1', record, record + 4), font.readUInt32BE(record + 8));
    }
    const table = (tag: string) => {
      const offset = tables.get(tag);
      if (offset === undefined) throw new Error(`${file} has no ${tag} table`);
      return offset;
    };
    const head = table('head');
    const unitsPerEm = font.readUInt16BE(head + 18);
    const longOffsets = font.readInt16BE(head + 50) === 1;
    const glyphCount = font.readUInt16BE(table('maxp') + 4);
    const metrics = font.readUInt16BE(table('hhea') + 34);
    const hmtx = table('hmtx');
    // Glyphs past the last metric share its advance.
    const advances = Float64Array.from({ length: glyphCount }, (_, i) => font.readUInt16BE(hmtx + Math.min(i, metrics - 1) * 4) / unitsPerEm);
    const [loca, glyf] = [table('loca'), table('glyf')];
    const locations = Float64Array.from(
      { length: glyphCount + 1 },
      (_, i) => glyf + (longOffsets ? font.readUInt32BE(loca + i * 4) : font.readUInt16BE(loca + i * 2) * 2),
    );
    return new TrueTypeFont(file, fs.openSync(file, 'r'), unitsPerEm, cmapLookup(font, table('cmap')), advances, locations);
  }

  has(codePoint: number): boolean {
    return this.glyphOf(codePoint) !== 0;
  }

  /** The advance width of a code point's glyph, in ems. */
  advance(codePoint: number): number {
    return this.advances[this.glyphOf(codePoint)] as number;
  }

  /**
   * The outline of a code point's glyph (the missing-glyph box when unmapped) as SVG path
   * data at `em` units per em, origin on the baseline, y downwards; '' for a blank glyph.
   */
  outline(codePoint: number, em: number): string {
    const scale = em / this.unitsPerEm;
    return this.contours(this.glyphOf(codePoint), 0)
      .map((contour) => contourPath(contour, scale))
      .join('');
  }

  private glyphData(glyph: number): Buffer {
    const [start, end] = [this.locations[glyph] as number, this.locations[glyph + 1] as number];
    const data = Buffer.alloc(Math.max(0, end - start));
    if (data.length > 0 && fs.readSync(this.fd, data, 0, data.length, start) !== data.length) throw new Error(`${this.file}: glyph ${glyph} cut short`);
    return data;
  }

  /**
   * A glyph's contours: its own points, or (a composite glyph) its components', placed. The
   * Noto Serif cuts used here have no composite glyphs among their mapped characters; the
   * branch is there so that another font draws whole.
   */
  private contours(glyph: number, depth: number): Point[][] {
    const data = this.glyphData(glyph);
    if (data.length === 0) return [];
    const contourCount = data.readInt16BE(0);
    return contourCount >= 0 ? simpleContours(data, contourCount) : depth < 8 ? this.compositeContours(data, depth) : [];
  }

  private compositeContours(data: Buffer, depth: number): Point[][] {
    const { ARG_WORDS, ARGS_ARE_XY, SCALE, MORE, XY_SCALE, TWO_BY_TWO } = COMPONENT_FLAGS;
    const f2dot14 = (at: number) => data.readInt16BE(at) / 16384;
    const contours: Point[][] = [];
    let at = 10;
    for (let flags: number = MORE; flags & MORE;) {
      flags = data.readUInt16BE(at);
      const component = data.readUInt16BE(at + 2);
      at += 4;
      const [dx, dy] = flags & ARG_WORDS ? [data.readInt16BE(at), data.readInt16BE(at + 2)] : [data.readInt8(at), data.readInt8(at + 1)];
      at += flags & ARG_WORDS ? 4 : 2;
      let [a, b, c, d] = [1, 0, 0, 1];
      if (flags & SCALE) [a, d, at] = [f2dot14(at), f2dot14(at), at + 2];
      else if (flags & XY_SCALE) [a, d, at] = [f2dot14(at), f2dot14(at + 2), at + 4];
      else if (flags & TWO_BY_TWO) [a, b, c, d, at] = [f2dot14(at), f2dot14(at + 2), f2dot14(at + 4), f2dot14(at + 6), at + 8];
      // Components placed by matching points instead of offsets do not occur in these fonts; they are drawn unmoved.
      const [ox, oy] = flags & ARGS_ARE_XY ? [dx, dy] : [0, 0];
      for (const contour of this.contours(component, depth + 1))
        contours.push(contour.map((p) => ({ x: a * p.x + c * p.y + ox, y: b * p.x + d * p.y + oy, on: p.on })));
    }
    return contours;
  }
}

/** The contours of a simple glyph: end points, instructions (skipped), flags, then x and y deltas. */
function simpleContours(data: Buffer, contourCount: number): Point[][] {
  const { ON_CURVE, X_SHORT, Y_SHORT, REPEAT, X_SAME_OR_POSITIVE, Y_SAME_OR_POSITIVE } = POINT_FLAGS;
  const ends = Array.from({ length: contourCount }, (_, i) => data.readUInt16BE(10 + i * 2));
  const pointCount = contourCount === 0 ? 0 : (ends[contourCount - 1] as number) + 1;
  let at = 10 + contourCount * 2;
  at += 2 + data.readUInt16BE(at);
  const flags = new Uint8Array(pointCount);
  for (let i = 0; i < pointCount;) {
    const flag = data.readUInt8(at++);
    flags[i++] = flag;
    if (flag & REPEAT) for (let repeat = data.readUInt8(at++); repeat > 0; repeat--) flags[i++] = flag;
  }
  const coordinates = (short: number, sameOrPositive: number) => {
    const values = new Float64Array(pointCount);
    let value = 0;
    for (let i = 0; i < pointCount; i++) {
      const flag = flags[i] as number;
      if (flag & short) {
        const delta = data.readUInt8(at++);
        value += flag & sameOrPositive ? delta : -delta;
      } else if (!(flag & sameOrPositive)) {
        value += data.readInt16BE(at);
        at += 2;
      }
      values[i] = value;
    }
    return values;
  };
  const xs = coordinates(X_SHORT, X_SAME_OR_POSITIVE);
  const ys = coordinates(Y_SHORT, Y_SAME_OR_POSITIVE);
  let start = 0;
  return ends.map((end) => {
    const contour = Array.from({ length: end - start + 1 }, (_, i) => ({
      x: xs[start + i] as number,
      y: ys[start + i] as number,
      on: ((flags[start + i] as number) & ON_CURVE) !== 0,
    }));
    start = end + 1;
    return contour;
  });
}

/**
 * A closed contour as path data (y flipped): straight lines between points on the curve,
 * quadratic curves through control points, with the implied on-curve point midway between
 * two control points in a row.
 */
function contourPath(points: readonly Point[], scale: number): string {
  if (points.length === 0) return '';
  const at = (p: { x: number; y: number }) => `${n(p.x * scale)} ${n(-p.y * scale)}`;
  const mid = (p: Point, q: Point): Point => ({ x: (p.x + q.x) / 2, y: (p.y + q.y) / 2, on: true });
  const first = points.findIndex((p) => p.on);
  // Start on the curve: at the first such point, or midway between the first two control points.
  const ordered = first >= 0 ? [...points.slice(first), ...points.slice(0, first)] : points;
  const start = first >= 0 ? (ordered[0] as Point) : mid(points[points.length - 1] as Point, points[0] as Point);
  let d = `M${at(start)}`;
  let control: Point | undefined;
  for (const p of first >= 0 ? ordered.slice(1) : ordered) {
    if (p.on) {
      d += control ? `Q${at(control)} ${at(p)}` : `L${at(p)}`;
      control = undefined;
    } else {
      if (control) d += `Q${at(control)} ${at(mid(control, p))}`;
      control = p;
    }
  }
  if (control) d += `Q${at(control)} ${at(start)}`;
  return `${d}Z`;
}

/**
 * The glyph id of a code point: the cmap's format 12 subtable (all of Unicode) when the font
 * has one, else format 4 (the BMP). 0, the missing glyph, when unmapped. Copies what it needs,
 * so the font file itself is not kept in memory.
 */
function cmapLookup(font: Buffer, cmap: number): (codePoint: number) => number {
  const subtables = Array.from({ length: font.readUInt16BE(cmap + 2) }, (_, i) => cmap + font.readUInt32BE(cmap + 4 + i * 8 + 4));
  const format12 = subtables.find((s) => font.readUInt16BE(s) === 12);
  if (format12 !== undefined) {
    const groups = Buffer.from(font.subarray(format12 + 16, format12 + 16 + font.readUInt32BE(format12 + 12) * 12));
    return (cp) => {
      let [lo, hi] = [0, groups.length / 12 - 1];
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const [start, end] = [groups.readUInt32BE(mid * 12), groups.readUInt32BE(mid * 12 + 4)];
        if (cp < start) hi = mid - 1;
        else if (cp > end) lo = mid + 1;
        else return groups.readUInt32BE(mid * 12 + 8) + cp - start;
      }
      return 0;
    };
  }
  const format4 = subtables.find((s) => font.readUInt16BE(s) === 4);
  if (format4 === undefined) throw new Error('the certificate font has no Unicode cmap');
  const table = Buffer.from(font.subarray(format4, format4 + font.readUInt16BE(format4 + 2)));
  const segX2 = table.readUInt16BE(6);
  const [ends, starts, deltas, ranges] = [14, 16 + segX2, 16 + segX2 * 2, 16 + segX2 * 3];
  return (cp) => {
    for (let s = 0; s < segX2; s += 2) {
      if (cp > table.readUInt16BE(ends + s)) continue;
      const start = table.readUInt16BE(starts + s);
      if (cp < start) return 0;
      const delta = table.readUInt16BE(deltas + s);
      const range = table.readUInt16BE(ranges + s);
      if (range === 0) return (cp + delta) & 0xffff;
      const glyph = table.readUInt16BE(ranges + s + range + (cp - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}
