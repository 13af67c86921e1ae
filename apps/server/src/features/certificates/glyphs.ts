import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';

/**
 * Text for the certificate as SVG paths, from a cache of glyph outlines.
 *
 * resvg shapes text slowly with a full CJK font (about a millisecond per glyph, for the
 * font's size), which would cap a certificate at a few renders a second. So each character
 * is outlined once by resvg itself (its own serialisation writes text as paths) and kept;
 * a certificate is then laid out here from cached outlines and the font's advance widths,
 * and resvg only rasterises paths. Chinese needs no shaping beyond that; Latin names lose
 * only kerning.
 *
 * The font is Noto Serif SC (OFL) from @expo-google-fonts/noto-serif-sc, loaded by path with
 * system fonts off (DESIGN.md §6), so every machine draws the same glyphs. It covers the
 * GB 18030 core and CJK extension A (䶮); a character it lacks (extension B, such as 𠮷) is
 * drawn as the font's missing-glyph box.
 */

export type Weight = 'regular' | 'bold';

const FAMILY = 'Noto Serif SC';
/** Outlines are kept at this font size: one unit per thousandth of an em. */
const EM = 1000;
const require = createRequire(import.meta.url);
const fontFiles: Record<Weight, string> = {
  regular: require.resolve('@expo-google-fonts/noto-serif-sc/400Regular/NotoSerifSC_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-serif-sc/700Bold/NotoSerifSC_700Bold.ttf'),
};

/** Advance widths (in ems) by code point, read from the font's cmap, hhea and hmtx tables. */
function readAdvances(file: string): (codePoint: number) => number {
  const font = fs.readFileSync(file);
  const tables = new Map<string, number>();
  for (let i = 0, n = font.readUInt16BE(4); i < n; i++) {
    const record = 12 + i * 16;
    tables.set(font.toString('latin1', record, record + 4), font.readUInt32BE(record + 8));
  }
  const table = (tag: string) => {
    const offset = tables.get(tag);
    if (offset === undefined) throw new Error(`${file} has no ${tag} table`);
    return offset;
  };
  const unitsPerEm = font.readUInt16BE(table('head') + 18);
  const metrics = font.readUInt16BE(table('hhea') + 34);
  const hmtx = table('hmtx');
  const advances = Array.from({ length: metrics }, (_, i) => font.readUInt16BE(hmtx + i * 4) / unitsPerEm);
  const glyphOf = cmapLookup(font, table('cmap'));
  return (codePoint) => advances[Math.min(glyphOf(codePoint), metrics - 1)] as number;
}

/**
 * The glyph id of a code point: the cmap's format 12 subtable (all of Unicode) when the font
 * has one, else format 4 (the BMP). 0, the missing glyph, when unmapped. Copies what it needs,
 * so the font file itself is not kept.
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

const advanceTables = new Map<Weight, (codePoint: number) => number>();
const advanceOf = (weight: Weight, char: string) => {
  let table = advanceTables.get(weight);
  if (!table) {
    table = readAdvances(fontFiles[weight]);
    advanceTables.set(weight, table);
  }
  return table(char.codePointAt(0) as number);
};

/** Outline path data at EM units, baseline at y = 0, by weight and character ('' for a blank one). */
const outlines = new Map<string, string>();
const key = (weight: Weight, char: string) => `${weight}${char}`;

/** Each character in its own band, far enough apart that no outline reaches the next. */
const BAND = 4 * EM;

/** Outlines the characters not yet cached, all in one pass of resvg. */
function outline(chars: readonly string[], weight: Weight): void {
  const missing = [...new Set(chars)].filter((c) => !outlines.has(key(weight, c)));
  if (missing.length === 0) return;
  const texts = missing.map(
    (c, i) => `<text x="0" y="${(i + 1) * BAND}" font-size="${EM}" font-family="${FAMILY}" font-weight="${weight === 'bold' ? 700 : 400}">&#${c.codePointAt(0)};</text>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${EM}" height="${(missing.length + 2) * BAND}">${texts.join('')}</svg>`;
  const flattened = new Resvg(svg, { font: { loadSystemFonts: false, fontFiles: [fontFiles[weight]], defaultFontFamily: FAMILY } }).toString();
  for (const c of missing) outlines.set(key(weight, c), '');
  // A blank character draws no path; every other one draws one, found by the band it lies in.
  for (const [, d] of flattened.matchAll(/<path[^>]* d="([^"]+)"/g)) {
    const numbers = (d as string).match(/-?[\d.]+(?:e-?\d+)?/g) ?? [];
    const band = Math.round(Number(numbers[1]) / BAND);
    const char = missing[band - 1];
    if (char !== undefined) outlines.set(key(weight, char), shiftUp(d as string, band * BAND));
  }
}

/** Path data moved up by `dy`, coordinates rounded to a tenth (they are x y pairs throughout). */
function shiftUp(d: string, dy: number): string {
  let isY = false;
  return d.replace(/-?[\d.]+(?:e-?\d+)?/g, (n) => {
    const value = isY ? Number(n) - dy : Number(n);
    isY = !isY;
    return String(Math.round(value * 10) / 10);
  });
}

export interface TextStyle {
  size: number;
  weight?: Weight;
  /** Extra space after each character, in px. */
  spacing?: number;
  fill: string;
}

/** A text's characters; control characters have no glyph and take no room. */
const charsOf = (content: string) => [...content].filter((c) => !/\p{Cc}/u.test(c));

/** The width in px of a text set in a style. */
export function textWidth(content: string, style: TextStyle): number {
  const chars = charsOf(content);
  const weight = style.weight ?? 'regular';
  return chars.reduce((sum, c) => sum + advanceOf(weight, c) * style.size + (style.spacing ?? 0), 0) - (chars.length > 0 ? (style.spacing ?? 0) : 0);
}

/** A text as a group of glyph paths, its baseline starting at (x, y). */
function glyphRun(content: string, x: number, y: number, style: TextStyle, place: (offset: number, advance: number) => string): string {
  const chars = charsOf(content);
  const weight = style.weight ?? 'regular';
  outline(chars, weight);
  let offset = 0;
  const paths: string[] = [];
  for (const c of chars) {
    const advance = advanceOf(weight, c) * style.size;
    const d = outlines.get(key(weight, c));
    if (d) paths.push(`<path transform="${place(offset, advance)} scale(${style.size / EM})" d="${d}"/>`);
    offset += advance + (style.spacing ?? 0);
  }
  return `<g fill="${style.fill}" transform="translate(${x} ${y})">${paths.join('')}</g>`;
}

/** A line of text as paths: `anchor` 'middle' centres it on x. */
export function textPaths(content: string, x: number, y: number, style: TextStyle, anchor: 'start' | 'middle' = 'start'): string {
  const start = anchor === 'middle' ? x - textWidth(content, style) / 2 : x;
  return glyphRun(content, start, y, style, (offset) => `translate(${offset.toFixed(1)} 0)`);
}

/**
 * A text along the upper part of a circle (a seal's inscription), centred on the top, glyphs
 * upright to the circle: its baseline has radius r around (cx, cy).
 */
export function arcTextPaths(content: string, cx: number, cy: number, r: number, style: TextStyle): string {
  const startAngle = -Math.PI / 2 - textWidth(content, style) / r / 2;
  return glyphRun(content, cx, cy, style, (offset, advance) => {
    const angle = startAngle + (offset + advance / 2) / r;
    const [px, py] = [r * Math.cos(angle), r * Math.sin(angle)];
    // Centre the glyph on its point of the arc, turned so that its top faces outwards.
    return `translate(${px.toFixed(1)} ${py.toFixed(1)}) rotate(${((angle * 180) / Math.PI + 90).toFixed(2)}) translate(${(-advance / 2).toFixed(1)} 0)`;
  });
}
