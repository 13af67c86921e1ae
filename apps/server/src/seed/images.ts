import { Resvg } from '@resvg/resvg-js';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../storage/storage.js';
import { makeImageVariants } from '../features/uploads/variants.js';
import { createRandom, type Random } from './random.js';

/**
 * Banner and cover pictures drawn at seed time: stylised skylines, construction sites, bridges,
 * the association's building and its conference hall as SVG, rasterised to PNG with resvg. No
 * text, since a fresh machine has no CJK font. Carousel and covers use different pictures.
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
  dawn: {
    skyTop: '#1e3c72',
    skyBottom: '#f7b267',
    sun: '#ffd27f',
    far: '#6b7fa8',
    mid: '#3d4f7a',
    near: '#1f2a48',
    window: '#ffd98a',
    ground: '#1a2238',
    water: '#2a4a7f',
    accent: '#f5a623',
  },
  azure: {
    skyTop: '#0d5bb5',
    skyBottom: '#a8d8ff',
    sun: '#fff6d5',
    far: '#a9c4de',
    mid: '#6f8fb3',
    near: '#3b5678',
    window: '#e8f4ff',
    ground: '#55657a',
    water: '#2d7fc1',
    accent: '#ffb300',
  },
  dusk: {
    skyTop: '#2b1055',
    skyBottom: '#ff7e5f',
    sun: '#ffcf73',
    far: '#7a4e8a',
    mid: '#4a2c63',
    near: '#24163a',
    window: '#ffe0a3',
    ground: '#1b1030',
    water: '#4b2a6b',
    accent: '#ff9f43',
  },
  teal: {
    skyTop: '#0f4c5c',
    skyBottom: '#8fd6c9',
    sun: '#f6fff9',
    far: '#6fa8a0',
    mid: '#3f7a76',
    near: '#1f4d4f',
    window: '#dffcf4',
    ground: '#173c3e',
    water: '#1d6f73',
    accent: '#f2c14e',
  },
  night: {
    skyTop: '#0b1026',
    skyBottom: '#2b3a67',
    sun: '#f4f1de',
    far: '#34406b',
    mid: '#222b4d',
    near: '#141a33',
    window: '#ffd56b',
    ground: '#0d1224',
    water: '#1a2550',
    accent: '#e9c46a',
  },
  blueprint: {
    skyTop: '#0a2f5c',
    skyBottom: '#14558f',
    sun: '#ffffff',
    far: '#9cc3e8',
    mid: '#c8ddf2',
    near: '#ffffff',
    window: '#ffffff',
    ground: '#0a2f5c',
    water: '#0a2f5c',
    accent: '#ffd166',
  },
} satisfies Record<string, Palette>;

export type Scene = 'skyline' | 'construction' | 'bridge' | 'blueprint' | 'hall' | 'conference';

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
  for (let x = left; x <= left + width; x += Math.round(width / 6))
    frame.push(`<rect x="${x}" y="${r1(base - floors * floorH)}" width="4" height="${r1(floors * floorH)}"/>`);
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
      cables.push(
        `<line x1="${r1(px)}" y1="${r1(from)}" x2="${r1(px - reach)}" y2="${r1(deck)}"/><line x1="${r1(px)}" y1="${r1(from)}" x2="${r1(px + reach)}" y2="${r1(deck)}"/>`,
      );
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
        cells.push(
          `<rect x="${r1(x + 8 + (k * (bw - 16)) / cols)}" y="${r1(base - bh + 12 + (r * (bh - 20)) / rows)}" width="${r1((bw - 16) / cols - 6)}" height="${r1((bh - 20) / rows - 8)}"/>`,
        );
      }
    }
    buildings.push(`<rect x="${x}" y="${base - bh}" width="${bw}" height="${bh}" stroke-width="2"/>${cells.join('')}`);
    buildings.push(
      `<line x1="${x}" y1="${r1(base + 22)}" x2="${x + bw}" y2="${r1(base + 22)}"/><line x1="${x}" y1="${r1(base + 16)}" x2="${x}" y2="${r1(base + 28)}"/><line x1="${x + bw}" y1="${r1(base + 16)}" x2="${x + bw}" y2="${r1(base + 28)}"/>`,
    );
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

/** An institution's seat: a colonnaded stone building on steps, a red flag on the roof, trees either side. */
function hallScene(c: Canvas): string {
  const { w, h, pal, rng } = c;
  const base = h * 0.86;
  const bw = w * (0.46 + rng.next() * 0.12);
  const left = (w - bw) / 2;
  const top = h * 0.34;
  const columns = rng.int(6, 8);
  const bay = bw / columns;
  const stone = '#ece6d8';
  const shade = '#d6cdb9';
  const parts = [sky(c), sun(c, rng.chance(0.5) ? w * 0.14 : w * 0.86, h * 0.22, h * 0.06), clouds(c, rng.int(2, 4), h * 0.3)];
  // Trees behind the wings, then the building.
  for (const side of [-1, 1]) {
    for (let i = 0; i < 4; i++) {
      const x = side < 0 ? left - 20 - i * w * 0.05 - rng.int(0, 20) : left + bw + 20 + i * w * 0.05 + rng.int(0, 20);
      const r = h * (0.07 + rng.next() * 0.05);
      parts.push(`<circle cx="${r1(x)}" cy="${r1(base - r * 1.3)}" r="${r1(r)}" fill="#2f6b45" opacity="${r1(0.8 + rng.next() * 0.2)}"/>`);
    }
  }
  parts.push(
    // Wings on either side of the portico.
    `<rect x="${r1(left - bw * 0.18)}" y="${r1(top + h * 0.1)}" width="${r1(bw * 1.36)}" height="${r1(base - top - h * 0.1)}" fill="${shade}"/>`,
    `<rect x="${r1(left - bw * 0.18)}" y="${r1(top + h * 0.16)}" width="${r1(bw * 1.36)}" height="${r1((base - top) * 0.5)}" fill="url(#win)" opacity="0.5"/>`,
    // Pediment band and roof.
    `<rect x="${r1(left - 8)}" y="${r1(top - h * 0.06)}" width="${r1(bw + 16)}" height="${r1(h * 0.07)}" fill="${stone}"/>`,
    `<rect x="${r1(left - 14)}" y="${r1(top - h * 0.075)}" width="${r1(bw + 28)}" height="${r1(h * 0.018)}" fill="${shade}"/>`,
    `<circle cx="${r1(w / 2)}" cy="${r1(top - h * 0.025)}" r="${r1(h * 0.022)}" fill="#d4a017"/>`,
    // Dark hall behind the columns, then the columns.
    `<rect x="${r1(left)}" y="${r1(top)}" width="${r1(bw)}" height="${r1(base - top)}" fill="#4a5568"/>`,
  );
  for (let i = 0; i <= columns; i++) {
    const x = left + i * bay - bay * 0.14;
    parts.push(
      `<rect x="${r1(x)}" y="${r1(top)}" width="${r1(bay * 0.28)}" height="${r1(base - top - h * 0.05)}" fill="${stone}"/><rect x="${r1(x + bay * 0.2)}" y="${r1(top)}" width="${r1(bay * 0.08)}" height="${r1(base - top - h * 0.05)}" fill="${shade}"/>`,
    );
  }
  // Steps, and the flag on its pole.
  for (let s = 0; s < 3; s++)
    parts.push(
      `<rect x="${r1(left - 10 - s * 14)}" y="${r1(base - h * 0.05 + s * h * 0.018)}" width="${r1(bw + 20 + s * 28)}" height="${r1(h * 0.02)}" fill="${s % 2 ? shade : stone}"/>`,
    );
  const poleX = w / 2;
  const poleTop = top - h * 0.26;
  parts.push(
    `<rect x="${r1(poleX - 1.5)}" y="${r1(poleTop)}" width="3" height="${r1(h * 0.19)}" fill="#c9ced6"/>`,
    `<path d="M${r1(poleX + 1.5)} ${r1(poleTop)} q${r1(h * 0.05)} ${r1(-h * 0.012)} ${r1(h * 0.1)} 0 v${r1(h * 0.065)} q${r1(-h * 0.05)} ${r1(h * 0.012)} ${r1(-h * 0.1)} 0z" fill="#d62f2f"/>`,
    ground(c, base + h * 0.004),
    `<rect x="0" y="${r1(base + h * 0.004)}" width="${w}" height="${r1(h * 0.02)}" fill="${pal.accent}" opacity="0.25"/>`,
  );
  return parts.join('');
}

/** A meeting in the conference hall: red banner, screen with a chart, the rostrum table, the audience's heads. */
function conferenceScene(c: Canvas): string {
  const { w, h, pal, rng } = c;
  const parts = [
    `<rect width="${w}" height="${h}" fill="#1f2b44"/>`,
    `<rect width="${w}" height="${r1(h * 0.6)}" fill="url(#sky)" opacity="0.35"/>`,
    // The banner across the hall and the screen under it.
    `<rect x="${r1(w * 0.08)}" y="${r1(h * 0.05)}" width="${r1(w * 0.84)}" height="${r1(h * 0.07)}" fill="#b8262c"/>`,
    `<rect x="${r1(w * 0.25)}" y="${r1(h * 0.16)}" width="${r1(w * 0.5)}" height="${r1(h * 0.34)}" fill="#f1f5fb" stroke="#0b1f3a" stroke-width="3"/>`,
  ];
  const bars = rng.int(5, 8);
  const chartLeft = w * 0.29;
  const chartWidth = w * 0.42;
  const chartBase = h * 0.46;
  for (let i = 0; i < bars; i++) {
    const bh = h * (0.06 + rng.next() * 0.2);
    parts.push(
      `<rect x="${r1(chartLeft + (i + 0.2) * (chartWidth / bars))}" y="${r1(chartBase - bh)}" width="${r1((chartWidth / bars) * 0.6)}" height="${r1(bh)}" fill="${i % 3 === 2 ? pal.accent : pal.mid}"/>`,
    );
  }
  parts.push(`<line x1="${r1(chartLeft)}" y1="${r1(chartBase)}" x2="${r1(chartLeft + chartWidth)}" y2="${r1(chartBase)}" stroke="#0b1f3a" stroke-width="2"/>`);
  // The rostrum: people seated behind a red-clothed table, name cards and flowers in front.
  const seats = rng.int(5, 7);
  const tableLeft = w * 0.14;
  const tableWidth = w * 0.72;
  const tableTop = h * 0.62;
  for (let i = 0; i < seats; i++) {
    const x = tableLeft + (i + 0.5) * (tableWidth / seats);
    parts.push(
      `<rect x="${r1(x - h * 0.045)}" y="${r1(tableTop - h * 0.07)}" width="${r1(h * 0.09)}" height="${r1(h * 0.08)}" rx="${r1(h * 0.02)}" fill="#151c2c"/>`,
      `<circle cx="${r1(x)}" cy="${r1(tableTop - h * 0.095)}" r="${r1(h * 0.03)}" fill="#e0b48f"/>`,
      `<path d="M${r1(x - h * 0.03)} ${r1(tableTop - h * 0.105)} a${r1(h * 0.03)} ${r1(h * 0.03)} 0 0 1 ${r1(h * 0.06)} 0z" fill="#1b1b1b"/>`,
    );
  }
  parts.push(
    `<rect x="${r1(tableLeft)}" y="${r1(tableTop)}" width="${r1(tableWidth)}" height="${r1(h * 0.012)}" fill="#f5f5f5"/>`,
    `<rect x="${r1(tableLeft)}" y="${r1(tableTop + h * 0.012)}" width="${r1(tableWidth)}" height="${r1(h * 0.1)}" fill="#a41f25"/>`,
  );
  for (let i = 0; i < seats; i++) {
    const x = tableLeft + (i + 0.5) * (tableWidth / seats);
    parts.push(`<rect x="${r1(x - h * 0.025)}" y="${r1(tableTop - h * 0.018)}" width="${r1(h * 0.05)}" height="${r1(h * 0.02)}" fill="#ffffff"/>`);
  }
  parts.push(`<ellipse cx="${r1(w / 2)}" cy="${r1(tableTop + h * 0.11)}" rx="${r1(w * 0.08)}" ry="${r1(h * 0.025)}" fill="#2f7d4a"/>`);
  // The audience: rows of heads and shoulders, nearer rows larger and darker.
  for (let row = 0; row < 3; row++) {
    const y = h * (0.84 + row * 0.08);
    const size = h * (0.035 + row * 0.012);
    const tone = ['#2c3650', '#222a3f', '#161c2c'][row];
    for (let x = -rng.int(0, Math.round(size * 2)); x < w + size; x += size * (2.4 + rng.next() * 0.6)) {
      parts.push(
        `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(size)}" fill="${tone}"/><rect x="${r1(x - size * 1.6)}" y="${r1(y + size * 0.8)}" width="${r1(size * 3.2)}" height="${r1(size * 2)}" rx="${r1(size)}" fill="${tone}"/>`,
      );
    }
  }
  return parts.join('');
}

const scenes: Record<Scene, (c: Canvas) => string> = {
  skyline: skylineScene,
  construction: constructionScene,
  bridge: bridgeScene,
  blueprint: blueprintScene,
  hall: hallScene,
  conference: conferenceScene,
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

// The carousel leads with the association itself (its seat, a meeting), then the works it insures.
const bannerArt: readonly Art[] = [
  ['hall', 'azure'],
  ['conference', 'dawn'],
  ['construction', 'azure'],
  ['bridge', 'dusk'],
];
// Covers: no picture of the carousel again, and meetings and the building among the sites.
const coverArt: readonly Art[] = [
  ['conference', 'teal'],
  ['construction', 'teal'],
  ['hall', 'dawn'],
  ['skyline', 'night'],
  ['conference', 'night'],
  ['bridge', 'teal'],
  ['hall', 'teal'],
  ['skyline', 'azure'],
  ['blueprint', 'blueprint'],
];

export interface DemoImages {
  /** Public paths of the 1200×400 carousel pictures. */
  banners: string[];
  /** Public paths of the 600×400 article covers. */
  covers: string[];
}

/** Draws the demo pictures and stores them as uploads, with their web copies as an upload gets. Each picture has its own seed. */
export async function saveDemoImages(storage: Storage, seed: number, log: FastifyBaseLogger): Promise<DemoImages> {
  const save = (art: readonly Art[], w: number, h: number, offset: number) =>
    Promise.all(
      art.map(async ([scene, palette], i) => {
        const stored = await storage.saveBuffer(renderPng(sceneSvg(scene, palettes[palette], w, h, createRandom(seed + offset + i))), 'png');
        await makeImageVariants(storage, stored, log);
        return stored;
      }),
    );
  return { banners: await save(bannerArt, 1200, 400, 0), covers: await save(coverArt, 600, 400, 100) };
}
