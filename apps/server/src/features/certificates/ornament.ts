/**
 * The certificate's classical ornament, as SVG markup: a guilloche band (interlaced waves, as
 * on banknotes and bonds) running round the frame, 回纹 (key-fret) blocks where the band turns
 * and in the inner corners, and a faint guilloche rosette behind the holder's data. All of it
 * is part of the static layer, drawn once per issuer, so its detail costs nothing per render.
 */

/** Numbers in path data: one decimal is finer than a pixel. */
const n = (value: number) => (Math.round(value * 10) / 10).toString();

/** A rectangle by its edges. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Interlaced waves along the four sides of a band centred on `box`'s outline: `strands`
 * sine curves of amplitude `amplitude`, each shifted by a fraction of the wavelength, which
 * cross one another like a twisted cord. Each side holds a whole number of waves, so the
 * pattern is symmetric and meets the corner blocks alike on every side.
 */
export function guillocheBand(box: Box, amplitude: number, wavelength: number, strands: number, stroke: string): string {
  const sides: [number, number, number, number][] = [
    [box.left, box.top, box.right, box.top],
    [box.right, box.top, box.right, box.bottom],
    [box.right, box.bottom, box.left, box.bottom],
    [box.left, box.bottom, box.left, box.top],
  ];
  const paths = sides.flatMap(([x0, y0, x1, y1]) => {
    const length = Math.hypot(x1 - x0, y1 - y0);
    const waves = Math.max(1, Math.round(length / wavelength));
    const [ux, uy] = [(x1 - x0) / length, (y1 - y0) / length];
    // The normal, pointing into the band's outer side on every edge alike.
    const [nx, ny] = [uy, -ux];
    const steps = waves * 16;
    return Array.from({ length: strands }, (_, strand) => {
      const phase = (strand * 2 * Math.PI) / strands;
      let d = '';
      for (let i = 0; i <= steps; i++) {
        const along = (i / steps) * length;
        const offset = amplitude * Math.sin((i / steps) * waves * 2 * Math.PI + phase);
        d += `${i === 0 ? 'M' : 'L'}${n(x0 + ux * along + nx * offset)} ${n(y0 + uy * along + ny * offset)}`;
      }
      return d;
    });
  });
  return `<path d="${paths.join('')}" fill="none" stroke="${stroke}" stroke-width="1.3" stroke-linejoin="round"/>`;
}

/**
 * One 回 (a square spiral of one and a half turns) in a cell of `size` at (x, y), on a 7 × 7
 * grid of stroke centre lines; `flipX`/`flipY` mirror it so corners face one another.
 */
function keyFret(x: number, y: number, size: number, flipX: boolean, flipY: boolean): string {
  const grid: [number, number][] = [
    [0.5, 6.5],
    [0.5, 0.5],
    [6.5, 0.5],
    [6.5, 6.5],
    [2.5, 6.5],
    [2.5, 2.5],
    [4.5, 2.5],
    [4.5, 4.5],
  ];
  const unit = size / 7;
  return grid
    .map(([gx, gy], i) => {
      const px = x + (flipX ? 7 - gx : gx) * unit;
      const py = y + (flipY ? 7 - gy : gy) * unit;
      return `${i === 0 ? 'M' : 'L'}${n(px)} ${n(py)}`;
    })
    .join('');
}

/** A block that covers the band where it turns: a filled square with a 回 in it. */
export function bandCorners(box: Box, size: number, fill: string, stroke: string): string {
  const half = size / 2;
  const corners: [number, number, boolean, boolean][] = [
    [box.left, box.top, false, false],
    [box.right, box.top, true, false],
    [box.left, box.bottom, false, true],
    [box.right, box.bottom, true, true],
  ];
  return corners
    .map(([cx, cy, fx, fy]) => {
      const [x, y] = [cx - half, cy - half];
      const inset = size * 0.16;
      return (
        `<rect x="${n(x)}" y="${n(y)}" width="${size}" height="${size}" fill="${fill}" stroke="${stroke}" stroke-width="2"/>` +
        `<path d="${keyFret(x + inset, y + inset, size - 2 * inset, fx, fy)}" fill="none" stroke="${stroke}" stroke-width="${n(size / 12)}" stroke-linecap="square"/>`
      );
    })
    .join('');
}

/**
 * The inner corners' ornament: a 回 in the corner and a chain of them along both edges,
 * joined by a rule that runs on towards the middle of each side.
 */
export function keyFretCorners(box: Box, size: number, count: number, rule: number, stroke: string): string {
  const width = n(size / 8);
  const corners: [number, number, 1 | -1, 1 | -1][] = [
    [box.left, box.top, 1, 1],
    [box.right, box.top, -1, 1],
    [box.left, box.bottom, 1, -1],
    [box.right, box.bottom, -1, -1],
  ];
  return corners
    .map(([x, y, dx, dy]) => {
      const cell = (i: number, along: 'x' | 'y') => {
        const cx = along === 'x' ? x + dx * i * size : x;
        const cy = along === 'y' ? y + dy * i * size : y;
        // The cell's top-left corner, whichever way the corner faces.
        return keyFret(dx > 0 ? cx : cx - size, dy > 0 ? cy : cy - size, size, dx < 0, dy < 0);
      };
      const frets = [cell(0, 'x'), ...Array.from({ length: count }, (_, i) => cell(i + 1, 'x') + cell(i + 1, 'y'))].join('');
      const reach = (count + 1) * size;
      const rules = `M${n(x + dx * reach)} ${n(y + (dy * size) / 14)}h${n(dx * rule)}M${n(x + (dx * size) / 14)} ${n(y + dy * reach)}v${n(dy * rule)}`;
      return `<path d="${frets}${rules}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="square"/>`;
    })
    .join('');
}

/**
 * A guilloche rosette: hypotrochoid-like loops (a circle of radius r modulated by `petals`
 * waves), several rings of them each turned a little, drawn as fine lines.
 */
export function rosette(cx: number, cy: number, radius: number, stroke: string, strokeWidth = 0.9): string {
  const rings = [
    { r: radius, depth: radius * 0.16, petals: 24, turns: 6 },
    { r: radius * 0.72, depth: radius * 0.12, petals: 18, turns: 5 },
    { r: radius * 0.45, depth: radius * 0.09, petals: 12, turns: 4 },
  ];
  const paths = rings.flatMap(({ r, depth, petals, turns }) =>
    Array.from({ length: turns }, (_, t) => {
      const shift = (t * 2 * Math.PI) / petals / turns;
      const steps = petals * 24;
      let d = '';
      for (let i = 0; i <= steps; i++) {
        const angle = (i / steps) * 2 * Math.PI;
        const radial = r + depth * Math.sin(petals * angle + shift * petals);
        d += `${i === 0 ? 'M' : 'L'}${n(cx + radial * Math.cos(angle))} ${n(cy + radial * Math.sin(angle))}`;
      }
      return `${d}Z`;
    }),
  );
  return `<path d="${paths.join('')}" fill="none" stroke="${stroke}" stroke-width="${strokeWidth}"/>`;
}
