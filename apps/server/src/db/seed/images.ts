import { Resvg } from '@resvg/resvg-js';
import type { Storage } from '../../storage/storage.js';
import { createRandom, type Random } from './random.js';

/**
 * Banner and cover pictures drawn at seed time: stylised skylines, construction sites and
 * bridges as SVG, rasterised to PNG with resvg. No text, since a fresh machine has no CJK font.
 */

export interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  mid: string;
  near: string;
  window: string;
  ground: string;
  water: string;
  /** Cranes and highlights. */
  accent: string;
}

export const palettes = {
  dawn: { skyTop: '#1e3c72', skyBottom: '#f7b267', sun: '#ffd27f', far: '#6b7fa8', mid: '#3d4f7a', near: '#1f2a48', window: '#ffd98a', ground: '#1a2238', water: '#2a4a7f', accent: '#f5a623' },
  azure: { skyTop: '#0d5bb5', skyBottom: '#a8d8ff', sun: '#fff6d5', far: '#a9c4de', mid: '#6f8fb3', near: '#3b5678', window: '#e8f4ff', ground: '#55657a', water: '#2d7fc1', accent: '#ffb300' },
  dusk: { skyTop: '#2b1055', skyBottom: '#ff7e5f', sun: '#ffcf73', far: '#7a4e8a', mid: '#4a2c63', near: '#24163a', window: '#ffe0a3', ground: '#1b1030', water: '#4b2a6b', accent: '#ff9f43' },
  teal: { skyTop: '#0f4c5c', skyBottom: '#8fd6c9', sun: '#f6fff9', far: '#6fa8a0', mid: '#3f7a76', near: '#1f4d4f', window: '#dffcf4', ground: '#173c3e', water: '#1d6f73', accent: '#f2c14e' },
  night: { skyTop: '#0b1026', skyBottom: '#2b3a67', sun: '#f4f1de', far: '#34406b', mid: '#222b4d', near: '#141a33', window: '#ffd56b', ground: '#0d1224', water: '#1a2550', accent: '#e9c46a' },
  blueprint: { skyTop: '#0a2f5c', skyBottom: '#14558f', sun: '#ffffff', far: '#9cc3e8', mid: '#c8ddf2', near: '#ffffff', window: '#ffffff', ground: '#0a2f5c', water: '#0a2f5c', accent: '#ffd166' },
} satisfies Record<string, Palette>;

export type Scene = 'skyline' | 'construction' | 'bridge' | 'blueprint';

interface Canvas {
  w: number;
  h: number;
  pal: Palette;
  rng: Random;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function defs({ pal, w, h }: Canvas): string {
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${pal.skyTop}"/><stop offset="1" stop-color="${pal.skyBottom}"/></linearGradient>
<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${pal.water}"/><stop offset="1" stop-color="${pal.ground}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${pal.sun}" stop-opacity="0.9"/><stop offset="0.35" stop-color="${pal.sun}" stop-opacity="0.35"/><stop offset="1" stop-color="${pal.sun}" stop-opacity="0"/></radialGradient>
<pattern id="win" width="12" height="16" patternUnits="userSpaceOnUse"><rect x="3" y="4" width="6" height="7" fill="${pal.window}" opacity="0.75"/></pattern>
<pattern id="grid" width="20" height="20" patternUnits="userSpaceOnUse"><path d="M20 0H0V20" fill="none" stroke="#ffffff" stroke-opacity="0.08"/></pattern>
<pattern id="grid5" width="100" height="100" patternUnits="userSpaceOnUse"><path d="M100 0H0V100" fill="none" stroke="#ffffff" stroke-opacity="0.18"/></pattern>
<clipPath id="below"><rect x="0" y="${r1(h * 0.7)}" width="${w}" height="${h}"/></clipPath>
</defs>`;
}

const sky = ({ w, h }: Canvas) => `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;

function sun(c: Canvas, x: number, y: number, radius: number): string {
  return `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(radius * 4)}" fill="url(#glow)"/><circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(radius)}" fill="${c.pal.sun}"/>`;
}

function clouds(c: Canvas, count: number, maxY: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = c.rng.int(0, c.w);
    const y = c.rng.int(Math.round(c.h * 0.06), Math.round(maxY));
    // Cloud size follows the picture width so small covers do not get banner-sized clouds.
    const s = (0.6 + c.rng.next() * 0.9) * Math.max(0.6, c.w / 1200);
    out.push(
      `<g fill="#ffffff" opacity="${r1(0.18 + c.rng.next() * 0.25)}"><ellipse cx="${x}" cy="${y}" rx="${r1(70 * s)}" ry="${r1(16 * s)}"/><ellipse cx="${r1(x + 30 * s)}" cy="${r1(y - 10 * s)}" rx="${r1(40 * s)}" ry="${r1(18 * s)}"/><ellipse cx="${r1(x - 28 * s)}" cy="${r1(y - 5 * s)}" rx="${r1(30 * s)}" ry="${r1(12 * s)}"/></g>`,
    );
  }
  return out.join('');
}

interface Layer {
  base: number;
  minH: number;
  maxH: number;
  minW: number;
  maxW: number;
  fill: string;
  windows: boolean;
  opacity?: number;
}

/** A row of buildings from edge to edge, with the occasional spire, setback or pitched roof. */
function skylineLayer(c: Canvas, layer: Layer): string {
  const parts: string[] = [];
  let x = -c.rng.int(0, 20);
  while (x < c.w) {
    const bw = c.rng.int(layer.minW, layer.maxW);
    const bh = c.rng.int(layer.minH, layer.maxH);
    const top = layer.base - bh;
    parts.push(`<rect x="${x}" y="${top}" width="${bw}" height="${bh + 2}"/>`);
    const roof = c.rng.next();
    if (roof < 0.18) parts.push(`<rect x="${r1(x + bw / 2 - 1.5)}" y="${top - 28}" width="3" height="28"/>`);
    else if (roof < 0.36) parts.push(`<rect x="${r1(x + bw * 0.2)}" y="${top - 16}" width="${r1(bw * 0.6)}" height="16"/>`);
    else if (roof < 0.46) parts.push(`<polygon points="${x},${top} ${r1(x + bw / 2)},${top - 22} ${x + bw},${top}"/>`);
    if (layer.windows && bw > 26 && bh > 40) {
      parts.push(`<rect x="${x + 4}" y="${top + 8}" width="${bw - 8}" height="${bh - 16}" fill="url(#win)" opacity="${r1(0.35 + c.rng.next() * 0.6)}"/>`);
    }
    x += bw + c.rng.int(0, 8);
  }
  return `<g fill="${layer.fill}" opacity="${layer.opacity ?? 1}">${parts.join('')}</g>`;
}

/** A tower crane: lattice mast, jib and counter-jib, trolley and hook. */
function crane(c: Canvas, x: number, base: number, height: number, jib: number, counter: number): string {
  const top = base - height;
  const color = c.pal.accent;
  const mast: string[] = [];
  for (let y = base; y > top + 12; y -= 14) mast.push(`${x - 6},${y} ${x + 6},${y - 7} ${x - 6},${y - 14}`);
  const lattice = (from: number, to: number, y: number) => {
    const pts: string[] = [];
    const step = from < to ? 16 : -16;
    for (let px = from, up = true; step > 0 ? px < to : px > to; px += step, up = !up) pts.push(`${px},${up ? y - 9 : y}`);
    return `<polyline points="${pts.join(' ')}" fill="none" stroke="${color}" stroke-width="1.5"/>`;
  };
  const trolley = x + jib * (0.4 + c.rng.next() * 0.5);
  const hookDepth = c.rng.int(40, Math.max(60, Math.round(height * 0.6)));
  return `<g stroke="${color}" fill="${color}">
<line x1="${x - 6}" y1="${base}" x2="${x - 6}" y2="${top}" stroke-width="2.5"/><line x1="${x + 6}" y1="${base}" x2="${x + 6}" y2="${top}" stroke-width="2.5"/>
<polyline points="${mast.join(' ')}" fill="none" stroke-width="1.2"/>
<line x1="${x - counter}" y1="${top}" x2="${x + jib}" y2="${top}" stroke-width="3"/><line x1="${x}" y1="${top - 9}" x2="${x + jib}" y2="${top - 9}" stroke-width="1.5"/>
${lattice(x, x + jib, top)}
<polygon points="${x - 6},${top} ${x},${top - 34} ${x + 6},${top}" fill="none" stroke-width="2"/>
<line x1="${x}" y1="${top - 34}" x2="${x + jib * 0.7}" y2="${top - 9}" stroke-width="1"/><line x1="${x}" y1="${top - 34}" x2="${x - counter}" y2="${top}" stroke-width="1"/>
<rect x="${x - counter}" y="${top}" width="${r1(counter * 0.35)}" height="12" stroke="none"/>
<rect x="${x + 7}" y="${top + 2}" width="10" height="9" stroke="none" opacity="0.9"/>
<line x1="${r1(trolley)}" y1="${top}" x2="${r1(trolley)}" y2="${top + hookDepth}" stroke-width="1"/>
<rect x="${r1(trolley - 9)}" y="${top + hookDepth}" width="18" height="8" stroke="none"/>
</g>`;
}

function ground(c: Canvas, y: number): string {
  return `<rect x="0" y="${r1(y)}" width="${c.w}" height="${r1(c.h - y)}" fill="${c.pal.ground}"/>`;
}

function skylineScene(c: Canvas): string {
  const { w, h, pal, rng } = c;
  const base = h * 0.9;
  const lift = (n: number) => Math.round(h * n);
  return [
    sky(c),
    sun(c, rng.int(w * 0.15, w * 0.85), h * 0.36, h * 0.07),
    clouds(c, rng.int(3, 6), h * 0.4),
    skylineLayer(c, { base, minH: lift(0.3), maxH: lift(0.6), minW: 30, maxW: 70, fill: pal.far, windows: false, opacity: 0.75 }),
    skylineLayer(c, { base, minH: lift(0.2), maxH: lift(0.45), minW: 36, maxW: 90, fill: pal.mid, windows: true }),
    crane(c, rng.int(w * 0.55, w * 0.8), base - lift(0.25), lift(0.3), lift(0.42), lift(0.14)),
    skylineLayer(c, { base, minH: lift(0.1), maxH: lift(0.3), minW: 50, maxW: 120, fill: pal.near, windows: true }),
    ground(c, base),
  ].join('');
}

/** A tower going up: glazed lower floors, bare frame above, safety netting, two cranes. */
function constructionScene(c: Canvas): string {
  const { w, h, pal, rng } = c;
  const base = h * 0.88;
  const left = Math.round(w * (0.38 + rng.next() * 0.12));
  const width = Math.round(w * 0.26);
  const floors = rng.int(10, 13);
  const floorH = Math.round((h * 0.62) / floors);
  const glazed = Math.round(floors * 0.55);
  const frame: string[] = [];
  for (let f = 0; f <= floors; f++) frame.push(`<rect x="${left - 4}" y="${r1(base - f * floorH)}" width="${width + 8}" height="4"/>`);
  for (let x = left; x <= left + width; x += Math.round(width / 6)) frame.push(`<rect x="${x}" y="${r1(base - floors * floorH)}" width="4" height="${r1(floors * floorH)}"/>`);
  const glassTop = base - glazed * floorH;
  return [
    sky(c),
    sun(c, rng.int(w * 0.05, w * 0.3), h * 0.22, h * 0.06),
    clouds(c, rng.int(4, 7), h * 0.45),
    skylineLayer(c, { base, minH: Math.round(h * 0.15), maxH: Math.round(h * 0.4), minW: 40, maxW: 90, fill: pal.far, windows: false, opacity: 0.6 }),
    `<rect x="${left}" y="${r1(glassTop)}" width="${width}" height="${r1(glazed * floorH)}" fill="${pal.mid}"/>`,
    `<rect x="${left}" y="${r1(glassTop)}" width="${width}" height="${r1(glazed * floorH)}" fill="url(#win)"/>`,
    `<g fill="${pal.near}">${frame.join('')}</g>`,
    `<rect x="${left + width - Math.round(width * 0.3)}" y="${r1(base - (floors - 1) * floorH)}" width="${Math.round(width * 0.34)}" height="${r1((floors - glazed - 1) * floorH)}" fill="${pal.accent}" opacity="0.28"/>`,
    crane(c, left - Math.round(w * 0.12), base, Math.round(h * 0.78), Math.round(w * 0.22), Math.round(w * 0.07)),
    crane(c, left + width + Math.round(w * 0.08), base, Math.round(h * 0.7), Math.round(w * 0.16), Math.round(w * 0.05)),
    skylineLayer(c, { base, minH: 20, maxH: Math.round(h * 0.12), minW: 60, maxW: 140, fill: pal.near, windows: false }),
    ground(c, base),
  ].join('');
}

/** A cable-stayed bridge over water at low sun, mirrored in the river. */
function bridgeScene(c: Canvas): string {
  const { w, h, pal, rng } = c;
  const water = h * 0.7;
  const deck = h * 0.6;
  const pylonTop = h * 0.14;
  const pylons = [w * 0.3, w * 0.7].map((x) => x + rng.int(-30, 30));
  const hills = `<path d="M0 ${r1(water)} Q ${r1(w * 0.15)} ${r1(h * 0.48)} ${r1(w * 0.3)} ${r1(water - h * 0.08)} T ${r1(w * 0.65)} ${r1(water - h * 0.05)} T ${w} ${r1(h * 0.52)} V ${r1(water)} Z" fill="${pal.far}" opacity="0.55"/>`;
  const cables: string[] = [];
  for (const px of pylons) {
    for (let i = 1; i <= 11; i++) {
      const reach = i * (w * 0.017);
      const from = pylonTop + 10 + i * 4;
      cables.push(`<line x1="${r1(px)}" y1="${r1(from)}" x2="${r1(px - reach)}" y2="${r1(deck)}"/><line x1="${r1(px)}" y1="${r1(from)}" x2="${r1(px + reach)}" y2="${r1(deck)}"/>`);
    }
  }
  const structure = `<g id="bridge">
<g stroke="${pal.window}" stroke-width="1.2" opacity="0.85">${cables.join('')}</g>
<g fill="${pal.near}">${pylons
    .map((px) => `<polygon points="${r1(px - 14)},${r1(water)} ${r1(px - 4)},${r1(pylonTop)} ${r1(px + 4)},${r1(pylonTop)} ${r1(px + 14)},${r1(water)}"/>`)
    .join('')}</g>
<rect x="0" y="${r1(deck)}" width="${w}" height="9" fill="${pal.near}"/>
<rect x="0" y="${r1(deck + 9)}" width="${w}" height="3" fill="${pal.accent}" opacity="0.8"/>
</g>`;
  const shimmer: string[] = [];
  for (let i = 0; i < 40; i++) {
    const y = rng.int(Math.round(water + 6), h - 4);
    const x = rng.int(0, w);
    shimmer.push(`<rect x="${x}" y="${y}" width="${rng.int(20, 90)}" height="1.5"/>`);
  }
  return [
    sky(c),
    sun(c, rng.int(w * 0.4, w * 0.6), water - h * 0.12, h * 0.08),
    clouds(c, rng.int(2, 5), h * 0.35),
    hills,
    skylineLayer(c, { base: water, minH: Math.round(h * 0.06), maxH: Math.round(h * 0.2), minW: 18, maxW: 40, fill: pal.mid, windows: false, opacity: 0.8 }),
    `<rect x="0" y="${r1(water)}" width="${w}" height="${r1(h - water)}" fill="url(#water)"/>`,
    structure,
    `<g clip-path="url(#below)" opacity="0.22"><use href="#bridge" transform="translate(0 ${r1(2 * water)}) scale(1 -1)"/></g>`,
    `<g fill="${pal.sun}" opacity="0.35">${shimmer.join('')}</g>`,
  ].join('');
}

/** An architect's elevation drawing in white on blue: buildings, dimension lines, a north arrow. */
function blueprintScene(c: Canvas): string {
  const { w, h, pal, rng } = c;
  const base = h * 0.82;
  const buildings: string[] = [];
  let x = Math.round(w * 0.08);
  while (x < w * 0.85) {
    const bw = rng.int(Math.round(w * 0.08), Math.round(w * 0.16));
    const bh = rng.int(Math.round(h * 0.25), Math.round(h * 0.62));
    const cols = Math.max(2, Math.floor(bw / 22));
    const rows = Math.max(2, Math.floor(bh / 26));
    const cells: string[] = [];
    for (let r = 0; r < rows - 1; r++) {
      for (let k = 0; k < cols; k++) {
        cells.push(`<rect x="${r1(x + 8 + (k * (bw - 16)) / cols)}" y="${r1(base - bh + 12 + (r * (bh - 20)) / rows)}" width="${r1((bw - 16) / cols - 6)}" height="${r1((bh - 20) / rows - 8)}"/>`);
      }
    }
    buildings.push(`<rect x="${x}" y="${base - bh}" width="${bw}" height="${bh}" stroke-width="2"/>${cells.join('')}`);
    buildings.push(`<line x1="${x}" y1="${r1(base + 22)}" x2="${x + bw}" y2="${r1(base + 22)}"/><line x1="${x}" y1="${r1(base + 16)}" x2="${x}" y2="${r1(base + 28)}"/><line x1="${x + bw}" y1="${r1(base + 16)}" x2="${x + bw}" y2="${r1(base + 28)}"/>`);
    x += bw + rng.int(30, 70);
  }
  const cx = Math.round(w * 0.92);
  const cy = Math.round(h * 0.18);
  return [
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
    `<rect width="${w}" height="${h}" fill="url(#grid)"/><rect width="${w}" height="${h}" fill="url(#grid5)"/>`,
    `<g fill="none" stroke="${pal.near}" stroke-opacity="0.8" stroke-width="1.2">${buildings.join('')}</g>`,
    `<line x1="0" y1="${r1(base)}" x2="${w}" y2="${r1(base)}" stroke="${pal.near}" stroke-width="2.5"/>`,
    `<g fill="none" stroke="${pal.accent}" stroke-width="2"><circle cx="${cx}" cy="${cy}" r="${Math.round(h * 0.07)}"/><line x1="${cx}" y1="${cy - Math.round(h * 0.1)}" x2="${cx}" y2="${cy + Math.round(h * 0.1)}"/><line x1="${cx - Math.round(h * 0.1)}" y1="${cy}" x2="${cx + Math.round(h * 0.1)}" y2="${cy}"/></g>`,
    `<polygon points="${cx},${cy - Math.round(h * 0.07)} ${cx - 7},${cy} ${cx + 7},${cy}" fill="${pal.accent}"/>`,
  ].join('');
}

const scenes: Record<Scene, (c: Canvas) => string> = {
  skyline: skylineScene,
  construction: constructionScene,
  bridge: bridgeScene,
  blueprint: blueprintScene,
};

export function sceneSvg(scene: Scene, pal: Palette, w: number, h: number, rng: Random): string {
  const c: Canvas = { w, h, pal, rng };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs(c)}${scenes[scene](c)}</svg>`;
}

export function renderPng(svg: string): Buffer {
  // No text is drawn, so skipping the system font scan saves most of resvg's start-up time.
  return new Resvg(svg, { font: { loadSystemFonts: false }, logLevel: 'off' }).render().asPng();
}

type Art = readonly [Scene, keyof typeof palettes];

const bannerArt: readonly Art[] = [
  ['skyline', 'dawn'],
  ['construction', 'azure'],
  ['bridge', 'dusk'],
  ['blueprint', 'blueprint'],
];
const coverArt: readonly Art[] = [
  ['construction', 'teal'],
  ['skyline', 'night'],
  ['bridge', 'teal'],
  ['construction', 'dusk'],
  ['skyline', 'azure'],
  ['blueprint', 'blueprint'],
];

export interface DemoImages {
  /** Public paths of the 1200×400 carousel pictures. */
  banners: string[];
  /** Public paths of the 600×400 article covers. */
  covers: string[];
}

/** Draws the demo pictures and stores them as uploads. Each picture has its own seed. */
export async function saveDemoImages(storage: Storage, seed: number): Promise<DemoImages> {
  const save = (art: readonly Art[], w: number, h: number, offset: number) =>
    Promise.all(art.map(([scene, palette], i) => storage.saveBuffer(renderPng(sceneSvg(scene, palettes[palette], w, h, createRandom(seed + offset + i))), 'png')));
  return { banners: await save(bannerArt, 1200, 400, 0), covers: await save(coverArt, 600, 400, 100) };
}
