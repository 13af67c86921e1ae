import { emblemMarkup } from '../certificates/emblem.js';
import { fitted, textPaths, type TextStyle } from '../certificates/glyphs.js';
import { chineseDate, linesPaths } from '../certificates/image.js';
import { BandedImage, Scanlines } from '../certificates/png.js';
import { drawQr, keptPerIssuer, rendered, svg } from '../certificates/raster.js';
import { sealMarkup } from '../certificates/seal.js';

/**
 * The electronic membership card (电子会员证) as a PNG of 1000 × 630 px, a bank card's
 * proportions: a navy band with the association's emblem and name and 电子会员证, then the
 * member's company, level, number, 入会日期 and 有效期至 on ruled lines, a QR code that
 * opens the card's verification page, and the association's 会员专用章 under it.
 *
 * Drawn as the certificate is (../certificates/image.ts): text as glyph paths; what every card
 * of an issuer shares rendered once and kept, its rows above the member's data compressed once
 * (BandedImage); a card renders only its values and lays the QR code's modules over a copy of
 * the lower rows.
 */

export interface CardImage {
  /** The association (config.site.name). */
  issuer: string;
  company: string;
  level: string;
  memberNo: string;
  /** yyyy-MM-dd or ''. */
  joinDate: string;
  /** yyyy-MM-dd; '' for 长期. */
  expireDate: string;
  /** The verification page the QR code opens. */
  verifyUrl: string;
}

const W = 1000;
const H = 630;
const NAVY = '#0b4a8b';
const GOLD = '#c9a24a';
const PAPER = '#fbfaf6';
const INK = '#1f2d3d';
const LABEL = '#5a6b7d';

/** The navy band and the gold rule under it: the same on every card of an issuer. */
const BAND_HEIGHT = 168;
/** Labels at LABEL_X, values from VALUE_X on a rule, a row every ROW_GAP. */
const LABEL_X = 60;
const VALUE_X = 190;
const VALUE_MAX_WIDTH = 500;
const FIRST_ROW_Y = 246;
const ROW_GAP = 62;
const rows = ['单位名称', '会员等级', '会员编号', '入会日期', '有效期至'] as const;
/** The QR code on its white panel, its caption under it. */
const QR = { x: 748, y: 210, size: 200, margin: 10 } as const;
/** The 会员专用章, under the QR panel and over the footer's rule, clear of the member's values. */
const SEAL = { cx: 858, cy: 520, r: 58 } as const;
/** Where a card's own values are drawn. */
const VALUES_BOX = {
  x: VALUE_X - 6,
  y: BAND_HEIGHT + 8,
  width: VALUE_MAX_WIDTH + 24,
  height: FIRST_ROW_Y + (rows.length - 1) * ROW_GAP + 20 - BAND_HEIGHT - 8,
} as const;
/** The first row a card's own content touches. */
const BAND_TOP = Math.min(VALUES_BOX.y, QR.y);

const ink = (size: number, weight: TextStyle['weight'] = 'regular', spacing = 0, fill = INK): TextStyle => ({ size, weight, spacing, fill });
const rowY = (i: number) => FIRST_ROW_Y + i * ROW_GAP;

/** Everything every card of an issuer shows. */
function staticMarkup(issuer: string): string {
  const textX = 186;
  return [
    `<rect width="${W}" height="${H}" fill="${PAPER}"/>`,
    `<rect width="${W}" height="${BAND_HEIGHT}" fill="${NAVY}"/>`,
    `<rect y="${BAND_HEIGHT}" width="${W}" height="4" fill="${GOLD}"/>`,
    `<circle cx="100" cy="${BAND_HEIGHT / 2}" r="58" fill="#ffffff"/>`,
    emblemMarkup(100, BAND_HEIGHT / 2, 106, 'card-emblem'),
    textPaths(issuer, textX, 74, fitted(issuer, ink(36, 'bold', 2, '#ffffff'), W - textX - 40)),
    textPaths('电子会员证', textX, 126, ink(32, 'bold', 10, '#f3d58a')),
    textPaths('ELECTRONIC MEMBERSHIP CARD', textX, 152, ink(15, 'regular', 3, '#c9d8ea')),
    ...rows.map((label, i) => textPaths(label, LABEL_X, rowY(i), ink(24, 'bold', 0, LABEL))),
    ...rows.map((_, i) => `<path d="M${VALUE_X - 4} ${rowY(i) + 14}H${VALUE_X + VALUE_MAX_WIDTH + 10}" stroke="#d9dee5" stroke-width="1.2"/>`),
    `<rect x="${QR.x - 6}" y="${QR.y - 6}" width="${QR.size + 12}" height="${QR.size + 46}" fill="#ffffff" stroke="${GOLD}" stroke-width="1.5"/>`,
    textPaths('扫码核验会籍', QR.x + QR.size / 2, QR.y + QR.size + 28, ink(19, 'regular', 3, LABEL), 'middle'),
    `<path d="M${LABEL_X} ${H - 74}H${W - 52}" stroke="${GOLD}" stroke-width="1"/>`,
    textPaths('会籍状态以扫码核验结果为准。本证仅供证明会员身份，不得转借。', LABEL_X, H - 38, ink(18, 'regular', 1, LABEL)),
    sealMarkup(issuer, SEAL.cx, SEAL.cy, SEAL.r, '会员专用章'),
    // The frame last, over the band's edges.
    `<rect x="6" y="6" width="${W - 12}" height="${H - 12}" fill="none" stroke="${GOLD}" stroke-width="2"/>`,
  ].join('');
}

/** The issuer's card, compressed above the band, rendered on first use and kept. */
const baseOf = keptPerIssuer(async (issuer) => BandedImage.of(Scanlines.of(await rendered(svg(W, H, staticMarkup(issuer)))), BAND_TOP));

/** The member's values, as an SVG of VALUES_BOX alone (in the card's coordinates). */
function valuesSvg(c: CardImage): string {
  const values = [c.level || '-', c.memberNo, chineseDate(c.joinDate) || '-', c.expireDate ? chineseDate(c.expireDate) : '长期'];
  const body = [
    linesPaths(c.company, VALUE_X, rowY(0), ink(28, 'bold'), VALUE_MAX_WIDTH, 22, 20),
    ...values.map((value, i) =>
      textPaths(value, VALUE_X, rowY(i + 1), fitted(value, ink(28, i === 1 ? 'bold' : 'regular', i === 1 ? 2 : 0, i === 1 ? NAVY : INK), VALUE_MAX_WIDTH)),
    ),
  ].join('');
  return svg(VALUES_BOX.width, VALUES_BOX.height, body, `${VALUES_BOX.x} ${VALUES_BOX.y} ${VALUES_BOX.width} ${VALUES_BOX.height}`);
}

/** The card as a PNG; rasterising and compression run off the event loop. */
export async function renderMemberCard(c: CardImage): Promise<Buffer> {
  const [base, values] = await Promise.all([baseOf(c.issuer), rendered(valuesSvg(c))]);
  const band = base.band();
  band.composite(values, VALUES_BOX.x, VALUES_BOX.y);
  drawQr(band, c.verifyUrl, QR);
  return base.png(band);
}
