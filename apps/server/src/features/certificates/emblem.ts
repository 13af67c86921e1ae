/**
 * The association's emblem for the certificate: the same drawing as the portal's masthead
 * (apps/web/public/emblem.svg, a blue roundel with a ring of dots, a shield, a red arc and
 * buildings), as SVG markup in the emblem's own 200 × 200 units, placed by the caller.
 * Kept as code rather than read from the web app's file so that the server does not depend
 * on the web build; a change of the emblem is made in both.
 */

const BLUE_TOP = '#1660ad';
const BLUE_BOTTOM = '#083866';
const NAVY = '#0b4a8b';
const RED = '#c8262e';

/** The ring of 48 white dots between the blue rim and the white field. */
function dotRing(): string {
  const dots = Array.from({ length: 48 }, (_, i) => {
    const angle = (i * Math.PI) / 24;
    return `<circle cx="${(100 + 91 * Math.cos(angle)).toFixed(1)}" cy="${(100 + 91 * Math.sin(angle)).toFixed(1)}" r="1.6"/>`;
  });
  return `<g fill="#ffffff" opacity="0.85">${dots.join('')}</g>`;
}

/** Pairs of windows in a tower: columns at `xs`, rows from `y` every 8 units. */
const windows = (xs: readonly number[], ys: readonly number[], width: number) =>
  xs.flatMap((x) => ys.map((y) => `<rect x="${x}" y="${y}" width="${width}" height="4"/>`)).join('');

/**
 * The emblem with its centre at (cx, cy) and the given diameter. `id` names its gradient, so
 * that two emblems in one SVG do not clash.
 */
export function emblemMarkup(cx: number, cy: number, diameter: number, id = 'emblem-blue'): string {
  const scale = diameter / 200;
  return [
    `<g transform="translate(${cx - diameter / 2} ${cy - diameter / 2}) scale(${scale})">`,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${BLUE_TOP}"/><stop offset="1" stop-color="${BLUE_BOTTOM}"/></linearGradient></defs>`,
    `<circle cx="100" cy="100" r="99" fill="url(#${id})"/>`,
    dotRing(),
    `<circle cx="100" cy="100" r="83" fill="#ffffff"/>`,
    `<circle cx="100" cy="100" r="78" fill="none" stroke="${NAVY}" stroke-width="1.6"/>`,
    `<path d="M100 34L152 50V98C152 130 130 152 100 166C70 152 48 130 48 98V50Z" fill="url(#${id})"/>`,
    `<path d="M100 42L145 56V98C145 126 126 145 100 158C74 145 55 126 55 98V56Z" fill="none" stroke="#ffffff" stroke-width="1.2" opacity="0.55"/>`,
    `<path d="M61 126A39 39 0 0 1 139 126" fill="none" stroke="${RED}" stroke-width="6.5" stroke-linecap="round"/>`,
    '<g fill="#ffffff"><path d="M100 94L104 102H96Z"/>',
    '<rect x="93.5" y="102" width="13" height="39"/><rect x="79" y="111" width="12" height="30"/><rect x="109" y="111" width="12" height="30"/>',
    '<rect x="68" y="123" width="8.5" height="18"/><rect x="123.5" y="123" width="8.5" height="18"/><rect x="60" y="142" width="80" height="3.5" rx="1"/></g>',
    `<g fill="${NAVY}">`,
    windows([96.5, 101], [107, 115, 123], 2.5),
    windows([82, 86, 111.8, 115.8], [116, 124], 2.2),
    '<rect x="97.5" y="132" width="5" height="9"/></g>',
    '</g>',
  ].join('');
}
