import { sealMarkup } from '../certificates/seal.js';

/** The seal's size in px; printed at about 4 cm, as a 财务专用章 is cut. */
const SIZE = 240;

/**
 * The association's 财务专用章 for dues receipts: the certificates' seal with the receipt's
 * caption, as a standalone SVG (its text drawn as paths, so it needs no font in the browser).
 */
export const receiptSealSvg = (issuer: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${sealMarkup(issuer, SIZE / 2, SIZE / 2, SIZE / 2 - 4, '财务专用章')}</svg>`;

/** The seal as the receipt calls answer it, drawn once per process: the site's name does not change while it runs. */
let drawn: { issuer: string; svg: string } | undefined;
export function receiptSeal(issuer: string): string {
  if (drawn?.issuer !== issuer) drawn = { issuer, svg: receiptSealSvg(issuer) };
  return drawn.svg;
}
