import { renderAsync } from '@resvg/resvg-js';
import QRCode from 'qrcode';
import { certProgramme } from '@portal/shared';
import { arcTextPaths, textPaths, textWidth, type TextStyle } from './glyphs.js';
import { encodePng } from './png.js';

/**
 * The certificate as a PNG: an SVG drawn here and rendered by resvg, A4 landscape at 1600 ×
 * 1131 px. The design is deliberately plain (frame, title, the holder's data, seal, QR code);
 * it is meant to be refined without touching the callers.
 *
 * Every text is drawn as glyph paths (./glyphs.ts, which says why and which font), so resvg
 * only rasterises, on the libuv thread pool (renderAsync), and the PNG is compressed there too
 * (./png.ts): the event loop only assembles the SVG. What is the same on every certificate of
 * an issuer is built once and kept.
 */

/** What one certificate shows. */
export interface CertificateImage {
  name: string;
  /** As printed: masked. */
  idNum: string;
  company: string;
  certNum: string;
  /** yyyy-MM-dd. */
  examTime: string;
  issueDate: string;
  /** The association that issues it (config.site.name). */
  issuer: string;
  /** The verification page the QR code opens. */
  verifyUrl: string;
}

const CERTIFICATE_WIDTH = 1600;
const CERTIFICATE_HEIGHT = 1131;

/** Nothing is left for resvg to shape: no fonts at all. */
const renderOptions = { font: { loadSystemFonts: false }, fitTo: { mode: 'width', value: CERTIFICATE_WIDTH } } as const;

const RED = '#9c1f1f';
const GOLD = '#b8893b';
const INK = '#2b2b2b';
const SEAL = '#c8161d';

/** Where the holder's data go: labels at LABEL_X, values at VALUE_X, one row every ROW_GAP. */
const LABEL_X = 400;
const VALUE_X = 590;
const VALUE_MAX_WIDTH = 520;
const FIRST_ROW_Y = 500;
const ROW_GAP = 70;
const labels = ['姓\u3000\u3000名', '证件号码', '工作单位', '证书编号', '考试日期'] as const;
const SEAL_X = 1230;
const SEAL_Y = 860;
/** The issuer's name and the issue date under the seal, which stamps over them. */
const ISSUER_Y = 950;
/** The seal's inscription: baseline radius and the angle (radians) it may span. */
const SEAL_TEXT_RADIUS = 76;
const SEAL_TEXT_SWEEP = (4 * Math.PI) / 3;
const QR = { x: 110, y: 835, size: 170 } as const;

/** 2024-05-12 → 2024年5月12日. */
const chineseDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return day ? `${y}年${m}月${d}日` : '';
};

/** The style with its size reduced, if need be, so that the text fits into `max` px. */
function fitted(content: string, style: TextStyle, max: number): TextStyle {
  const width = textWidth(content, style);
  return width <= max ? style : { ...style, size: Math.max(12, Math.floor((style.size * max) / width)) };
}

const ink = (size: number, weight: TextStyle['weight'] = 'regular', spacing = 0): TextStyle => ({ size, weight, spacing, fill: INK });

/** A five-pointed star of outer radius r centred at (cx, cy). */
function star(cx: number, cy: number, r: number): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.382;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${SEAL}"/>`;
}

/** A small diamond with two strokes in each inner corner of the frame. */
function cornerOrnaments(): string {
  const inset = 78;
  const corners = [
    [inset, inset, 1, 1],
    [CERTIFICATE_WIDTH - inset, inset, -1, 1],
    [inset, CERTIFICATE_HEIGHT - inset, 1, -1],
    [CERTIFICATE_WIDTH - inset, CERTIFICATE_HEIGHT - inset, -1, -1],
  ] as const;
  return corners
    .map(
      ([x, y, dx, dy]) =>
        `<path d="M${x} ${y - 12}L${x + 12} ${y}L${x} ${y + 12}L${x - 12} ${y}Z" fill="${GOLD}"/>` +
        `<path d="M${x + dx * 24} ${y}h${dx * 90}M${x} ${y + dy * 24}v${dy * 90}" stroke="${GOLD}" stroke-width="3"/>`,
    )
    .join('');
}

/** Everything that is the same on every certificate of one issuer. */
function staticMarkup(issuer: string): string {
  const W = CERTIFICATE_WIDTH;
  const H = CERTIFICATE_HEIGHT;
  const sealInk = (size: number): TextStyle => ({ size, weight: 'bold', fill: SEAL });
  return [
    `<rect width="${W}" height="${H}" fill="#fbf7ec"/>`,
    `<rect x="30" y="30" width="${W - 60}" height="${H - 60}" fill="none" stroke="${RED}" stroke-width="12"/>`,
    `<rect x="52" y="52" width="${W - 104}" height="${H - 104}" fill="none" stroke="${GOLD}" stroke-width="3"/>`,
    `<rect x="62" y="62" width="${W - 124}" height="${H - 124}" fill="none" stroke="${GOLD}" stroke-width="1"/>`,
    cornerOrnaments(),
    textPaths(issuer, W / 2, 175, fitted(issuer, ink(40, 'bold', 4), 1100), 'middle'),
    textPaths('证\u3000书', W / 2, 330, { size: 110, weight: 'bold', fill: RED }, 'middle'),
    textPaths(`${certProgramme}培训考核`, W / 2, 400, ink(34, 'regular', 6), 'middle'),
    `<path d="M${W / 2 - 300} 430h600" stroke="${GOLD}" stroke-width="2"/>`,
    ...labels.map((label, i) => textPaths(`${label}：`, LABEL_X, FIRST_ROW_Y + i * ROW_GAP, ink(30, 'bold'))),
    textPaths('经考核合格，特发此证。', LABEL_X, FIRST_ROW_Y + labels.length * ROW_GAP + 10, ink(30)),
    textPaths('扫码验证证书真伪', QR.x + QR.size / 2, QR.y + QR.size + 34, ink(20), 'middle'),
    textPaths(issuer, SEAL_X, ISSUER_Y, fitted(issuer, ink(30), 420), 'middle'),
    // The seal: a red ring with the issuer along its upper arc and a star, stamped over the issuer's name.
    `<g opacity="0.82"><circle cx="${SEAL_X}" cy="${SEAL_Y}" r="105" fill="none" stroke="${SEAL}" stroke-width="7"/>`,
    arcTextPaths(issuer, SEAL_X, SEAL_Y, SEAL_TEXT_RADIUS, fitted(issuer, sealInk(22), SEAL_TEXT_RADIUS * SEAL_TEXT_SWEEP)),
    star(SEAL_X, SEAL_Y - 4, 32),
    textPaths('证书专用章', SEAL_X, SEAL_Y + 58, sealInk(20), 'middle'),
    '</g>',
  ].join('');
}

const svgOpen = `<svg xmlns="http://www.w3.org/2000/svg" width="${CERTIFICATE_WIDTH}" height="${CERTIFICATE_HEIGHT}" viewBox="0 0 ${CERTIFICATE_WIDTH} ${CERTIFICATE_HEIGHT}">`;

const staticLayers = new Map<string, string>();
function staticLayer(issuer: string): string {
  let layer = staticLayers.get(issuer);
  if (layer === undefined) {
    layer = staticMarkup(issuer);
    staticLayers.set(issuer, layer);
  }
  return layer;
}

/** The QR code as one path of dark modules, each row's runs merged. */
function qrPath(url: string): string {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const count = modules.size + quiet * 2;
  let d = '';
  for (let y = 0; y < modules.size; y++) {
    let x = 0;
    while (x < modules.size) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < modules.size && modules.get(y, x)) x++;
      d += `M${start + quiet} ${y + quiet}h${x - start}v1h${start - x}z`;
    }
  }
  const scale = QR.size / count;
  return `<rect x="${QR.x}" y="${QR.y}" width="${QR.size}" height="${QR.size}" fill="#ffffff"/><path transform="translate(${QR.x} ${QR.y}) scale(${scale})" d="${d}" fill="#000000"/>`;
}

/** The holder's data, in the value column. */
function holderMarkup(c: CertificateImage): string {
  const values = [c.name, c.idNum, c.company || '-', c.certNum, chineseDate(c.examTime)];
  return [
    ...values.map((value, i) => {
      const style = i === 0 ? ink(44, 'bold') : ink(30);
      return textPaths(value, VALUE_X, FIRST_ROW_Y + i * ROW_GAP + (i === 0 ? 4 : 0), fitted(value, style, VALUE_MAX_WIDTH));
    }),
    textPaths(chineseDate(c.issueDate), SEAL_X, ISSUER_Y + 45, ink(26), 'middle'),
  ].join('');
}

/** The certificate as SVG: only paths and shapes. */
function certificateSvg(c: CertificateImage): string {
  return `${svgOpen}${staticLayer(c.issuer)}${holderMarkup(c)}${qrPath(c.verifyUrl)}</svg>`;
}

/** The certificate as a PNG, rasterised and compressed off the event loop. */
export async function renderCertificate(c: CertificateImage): Promise<Buffer> {
  const image = await renderAsync(certificateSvg(c), renderOptions);
  return encodePng(image.pixels, image.width, image.height);
}
