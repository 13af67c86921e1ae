import { createRequire } from 'node:module';
import { TrueTypeFont } from './truetype.js';

/**
 * Text for the certificate as SVG paths, from a cache of glyph outlines.
 *
 * resvg shapes text slowly with a full CJK font (milliseconds per glyph, for the font's
 * size), which would cap a certificate at a few renders a second. So each character is
 * outlined once, read from the font file (./truetype.ts), and kept; a certificate is laid
 * out here from cached outlines and the font's advance widths, and resvg only rasterises
 * paths. Chinese needs no shaping beyond that; Latin names lose only kerning.
 *
 * The font is Noto Serif SC (OFL) from @expo-google-fonts/noto-serif-sc, read by path (no
 * system fonts), so every machine draws the same glyphs. It covers the
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

const key = (weight: Weight, char: string) => `${weight}${char}`;

/** Fonts by file, opened when a character first needs that font. */
const fontsByFile = new Map<string, TrueTypeFont>();
function fontOf(source: FontSource, weight: Weight): TrueTypeFont {
  const file = source.files[weight];
  let font = fontsByFile.get(file);
  if (!font) {
    font = TrueTypeFont.open(file);
    fontsByFile.set(file, font);
  }
  return font;
}

/** The font that draws a character: the first source that has it, else the primary (its box). */
const sourceByKey = new Map<string, FontSource>();
function sourceOf(weight: Weight, char: string): FontSource {
  const k = key(weight, char);
  let source = sourceByKey.get(k);
  if (!source) {
    const codePoint = char.codePointAt(0) as number;
    source = fontSources.find((s) => fontOf(s, weight).has(codePoint)) ?? PRIMARY;
    sourceByKey.set(k, source);
  }
  return source;
}

/** The family of the font that draws a character (for tests and diagnostics). */
export const glyphFamily = (char: string, weight: Weight = 'regular'): string => sourceOf(weight, char).family;

const advanceOf = (weight: Weight, char: string) => fontOf(sourceOf(weight, char), weight).advance(char.codePointAt(0) as number);

/** Outline path data at EM units, baseline at y = 0, by weight and character ('' for a blank one). */
const outlines = new Map<string, string>();

/** Outlines the characters not yet cached, each from the font that draws it. */
function outline(chars: readonly string[], weight: Weight): void {
  for (const c of chars) {
    const k = key(weight, c);
    if (!outlines.has(k)) outlines.set(k, fontOf(sourceOf(weight, c), weight).outline(c.codePointAt(0) as number, EM));
  }
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
