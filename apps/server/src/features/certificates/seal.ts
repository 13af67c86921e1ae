import { arcTextPaths, fitted, textPaths, textWidth, type TextStyle } from './glyphs.js';

/**
 * The issuer's official seal (公章 style) as SVG markup: a red ring, the issuer's name round
 * the upper arc, a five-pointed star, and the seal's purpose beneath it (证书专用章 on
 * certificates, 财务专用章 on receipts). It is inked unevenly (a
 * noise mask) and slightly transparent and turned, as a stamp on paper is.
 */

export const SEAL_INK = '#d11a22';

/** A five-pointed star of outer radius r centred at (cx, cy). */
function star(cx: number, cy: number, r: number): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.382;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}"/>`;
}

/**
 * The seal of radius r centred at (cx, cy). The inscription takes up to 250° of the ring,
 * its characters spread out when the name is short, as seal cutters do.
 */
export function sealMarkup(issuer: string, cx: number, cy: number, r: number, caption = '证书专用章'): string {
  const textRadius = r * 0.7;
  const sweep = (250 * Math.PI) / 180;
  const base: TextStyle = { size: Math.round(r * 0.25), weight: 'bold', fill: SEAL_INK };
  const chars = [...issuer].length;
  const style = fitted(issuer, base, textRadius * sweep * 0.94);
  // Short names are spaced out to fill most of the arc; long ones are set closer and smaller.
  const natural = textWidth(issuer, { ...style, spacing: 0 });
  const spacing = chars > 1 ? Math.max(0, Math.min(style.size * 0.9, (textRadius * sweep * 0.9 - natural) / (chars - 1))) : 0;
  const stamp = [
    '<filter id="seal-ink" x="-5%" y="-5%" width="110%" height="110%">',
    '<feTurbulence type="fractalNoise" baseFrequency="0.55" numOctaves="2" seed="7" result="noise"/>',
    // Noise to a mask that keeps most of the ink and wears a little away here and there.
    '<feColorMatrix in="noise" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  -3 0 0 0 2.7" result="wear"/>',
    '<feComposite in="SourceGraphic" in2="wear" operator="in"/>',
    '</filter>',
  ].join('');
  return [
    `<defs>${stamp}</defs>`,
    `<g filter="url(#seal-ink)" opacity="0.86" transform="rotate(-7 ${cx} ${cy})">`,
    `<circle cx="${cx}" cy="${cy}" r="${r - r * 0.035}" fill="none" stroke="${SEAL_INK}" stroke-width="${(r * 0.07).toFixed(1)}"/>`,
    arcTextPaths(issuer, cx, cy, textRadius, { ...style, spacing }),
    `<g fill="${SEAL_INK}">${star(cx, cy, r * 0.3)}</g>`,
    textPaths(caption, cx, cy + r * 0.6, { size: Math.round(r * 0.17), weight: 'bold', fill: SEAL_INK, spacing: r * 0.02 }, 'middle'),
    '</g>',
  ].join('');
}
