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
 * GB 18030 core and CJK extension A (䶮) but few characters of the supplementary planes
 * (extension B and later, such as 𠮷), which appear in some names. A character it lacks is
 * taken from the same design's Traditional Chinese and Japanese cuts (Noto Serif TC: the
 * Hong Kong and Taiwan supplementary characters; Noto Serif JP: 𠮷 and the JIS ones), read
 * only when such a character first appears; docs/decisions.md says why these. A character
 * none of them has is drawn as Noto Serif SC's missing-glyph box.
 */

export type Weight = 'regular' | 'bold';

/** Outlines are kept at this font size: one unit per thousandth of an em. */
const EM = 1000;
const require = createRequire(import.meta.url);

/** A font the certificate may draw with: its family name and its file for each weight. */
interface FontSource {
  family: string;
  files: Record<Weight, string>;
}
const expoFont = (family: string, dir: string, stem: string): FontSource => ({
  family,
  files: {
    regular: require.resolve(`@expo-google-fonts/${dir}/400Regular/${stem}_400Regular.ttf`),
    bold: require.resolve(`@expo-google-fonts/${dir}/700Bold/${stem}_700Bold.ttf`),
  },
});
/** In order of preference: the first that has a character draws it. */
const fontSources: readonly FontSource[] = [
  expoFont('Noto Serif SC', 'noto-serif-sc', 'NotoSerifSC'),
  expoFont('Noto Serif TC', 'noto-serif-tc', 'NotoSerifTC'),
  expoFont('Noto Serif JP', 'noto-serif-jp', 'NotoSerifJP'),
];
const PRIMARY = fontSources[0] as FontSource;

/** What the layout needs of one font file: which code points it maps, and their advance widths. */
interface FontMetrics {
  has(codePoint: number): boolean;
  /** In ems. */
  advance(codePoint: number): number;
}

/** A font's metrics, read from its cmap, hhea and hmtx tables. */
function readMetrics(file: string): FontMetrics {
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
  return {
    has: (codePoint) => glyphOf(codePoint) !== 0,
    advance: (codePoint) => advances[Math.min(glyphOf(codePoint), metrics - 1)] as number,
  };
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

const key = (weight: Weight, char: string) => `${weight}${char}`;

/** Metrics by font file, read when a character first needs that font. */
const metricsByFile = new Map<string, FontMetrics>();
function metricsOf(source: FontSource, weight: Weight): FontMetrics {
  const file = source.files[weight];
  let metrics = metricsByFile.get(file);
  if (!metrics) {
    metrics = readMetrics(file);
    metricsByFile.set(file, metrics);
  }
  return metrics;
}

/** The font that draws a character: the first source that has it, else the primary (its box). */
const sourceByKey = new Map<string, FontSource>();
function sourceOf(weight: Weight, char: string): FontSource {
  const k = key(weight, char);
  let source = sourceByKey.get(k);
  if (!source) {
    const codePoint = char.codePointAt(0) as number;
    source = fontSources.find((s) => metricsOf(s, weight).has(codePoint)) ?? PRIMARY;
    sourceByKey.set(k, source);
  }
  return source;
}

/** The family of the font that draws a character (for tests and diagnostics). */
export const glyphFamily = (char: string, weight: Weight = 'regular'): string => sourceOf(weight, char).family;

const advanceOf = (weight: Weight, char: string) => metricsOf(sourceOf(weight, char), weight).advance(char.codePointAt(0) as number);

/** Outline path data at EM units, baseline at y = 0, by weight and character ('' for a blank one). */
const outlines = new Map<string, string>();

/** Each character in its own band, far enough apart that no outline reaches the next. */
const BAND = 4 * EM;

/** Outlines the characters not yet cached, one pass of resvg for each font they need. */
function outline(chars: readonly string[], weight: Weight): void {
  const missing = [...new Set(chars)].filter((c) => !outlines.has(key(weight, c)));
  for (const source of fontSources) {
    const own = missing.filter((c) => sourceOf(weight, c) === source);
    if (own.length > 0) outlineWith(source, own, weight);
  }
}

function outlineWith(source: FontSource, chars: readonly string[], weight: Weight): void {
  const texts = chars.map(
    (c, i) => `<text x="0" y="${(i + 1) * BAND}" font-size="${EM}" font-family="${source.family}" font-weight="${weight === 'bold' ? 700 : 400}">&#${c.codePointAt(0)};</text>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${EM}" height="${(chars.length + 2) * BAND}">${texts.join('')}</svg>`;
  const fonts = { loadSystemFonts: false, fontFiles: [source.files[weight]], defaultFontFamily: source.family };
  const flattened = new Resvg(svg, { font: fonts }).toString();
  for (const c of chars) outlines.set(key(weight, c), '');
  // A blank character draws no path; every other one draws one, found by the band it lies in.
  for (const [, d] of flattened.matchAll(/<path[^>]* d="([^"]+)"/g)) {
    const numbers = (d as string).match(/-?[\d.]+(?:e-?\d+)?/g) ?? [];
    const band = Math.round(Number(numbers[1]) / BAND);
    const char = chars[band - 1];
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

/** The style with its size reduced, if need be, so that the text fits into `max` px. */
export function fitted(content: string, style: TextStyle, max: number): TextStyle {
  const width = textWidth(content, style);
  return width <= max ? style : { ...style, size: Math.max(12, Math.floor((style.size * max) / width)) };
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
