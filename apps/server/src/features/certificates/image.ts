import { certProgramme } from '@portal/shared';
import { emblemMarkup } from './emblem.js';
import { fitted, textPaths, type TextStyle } from './glyphs.js';
import { bandCorners, guillocheBand, keyFretCorners, rosette, type Box } from './ornament.js';
import { BandedImage, Scanlines, type Layer } from './png.js';
import { drawQr, keptPerIssuer, rendered, svg } from './raster.js';
import { sealMarkup } from './seal.js';

/**
 * The certificate as a PNG, A4 landscape at 1600 × 1131 px: cream paper in a red and gold
 * frame with a guilloche band and 回纹 corners, the association's emblem and name, the 证书
 * title, the holder's data on ruled lines, the programme, the issuer with its date under a
 * red seal, and a QR code that opens the verification page.
 *
 * Every text is drawn as glyph paths (./glyphs.ts, which says why and which fonts), so resvg
 * only rasterises. The image is three layers: what every certificate of an issuer shares
 * (paper, frame, ornament, emblem, titles, labels) and the seal are rendered once per issuer
 * and kept as pixels; a certificate renders only the holder's values, in the box where they
 * go (on the libuv thread pool, renderAsync), lays them and the QR code's modules over a copy
 * of the shared layer's lower part, stamps the seal over them, and compresses only those rows
 * (./png.ts, on the thread pool too).
 */

/**
 * What every certificate of a kind prints alike: the title (with where its flourishes start,
 * from the middle), its English line, the labels of the holder's rows, a row whose value is
 * fixed (the programme), and the closing sentence. Exam certificates and attendance
 * certificates (features/attendance-certificates) are two faces of the same drawing.
 */
export interface CertificateFace {
  title: string;
  flourishAt: number;
  english: string;
  rows: readonly string[];
  fixedRow?: { index: number; text: string };
  closing: string;
}

/** What one certificate of a face shows: the values of its rows but the fixed one, in order; the first is the holder's name. */
export interface FaceValues {
  values: readonly string[];
  /** yyyy-MM-dd. */
  issueDate: string;
  /** The association that issues it (config.site.name). */
  issuer: string;
  /** The verification page the QR code opens. */
  verifyUrl: string;
}

/** What one exam certificate shows. */
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

const W = 1600;
const H = 1131;

const PAPER = '#fbf6e9';
const RED = '#8e1c1f';
const GOLD = '#b48a3c';
const PALE_GOLD = '#d9bf86';
const INK = '#2a2623';
const LABEL = '#6e2a1e';

/** The frame: a red border, a guilloche band between two gold rules, and a fine inner rule. */
const inset = (by: number): Box => ({ left: by, top: by, right: W - by, bottom: H - by });
const BORDER = inset(24);
const BAND = inset(52);
const INNER = inset(84);

/** Where the holder's data go: labels at LABEL_X, values at VALUE_X on a rule, a row every ROW_GAP. */
const LABEL_X = 372;
const VALUE_X = 566;
const VALUE_MAX_WIDTH = 650;
const FIRST_ROW_Y = 488;
const ROW_GAP = 54;
/** The exam certificate. */
const examFace: CertificateFace = {
  title: '证\u2002书',
  flourishAt: 150,
  english: 'CERTIFICATE',
  rows: ['姓\u3000\u3000名', '证件号码', '工作单位', '证书编号', '考试日期', '培训项目'],
  fixedRow: { index: 5, text: certProgramme },
  closing: '经考核合格，特发此证。',
};
const lastRowY = (face: CertificateFace) => FIRST_ROW_Y + (face.rows.length - 1) * ROW_GAP;
/** The issuer and the issue date, bottom right, with the seal stamped over them. */
const ISSUER_X = 1190;
const ISSUER_Y = 892;
const ISSUE_DATE_Y = 942;
const SEAL = { x: 1200, y: 906, r: 100 } as const;
/** The QR code, bottom left, on a white card with its caption under it. */
const QR = { x: 196, y: 826, size: 164, margin: 8 } as const;
const QR_CARD = { x: QR.x - 6, y: QR.y - 6, width: QR.size + 12, height: QR.size + 38 } as const;

/** The seal's box: the stamp and its turned inscription, with room for the ink filter. */
const SEAL_BOX = { x: SEAL.x - SEAL.r - 12, y: SEAL.y - SEAL.r - 12, size: 2 * SEAL.r + 24 } as const;
/** Where a certificate's own values are drawn: every value row and the issue date. */
const HOLDER_BOX = { x: VALUE_X - 8, y: FIRST_ROW_Y - 52, width: 1440 - VALUE_X, height: ISSUE_DATE_Y + 16 - (FIRST_ROW_Y - 52) } as const;
/** The holder's name, where tests look for it. */
export const NAME_BOX = { x: VALUE_X - 4, y: FIRST_ROW_Y - 46, width: VALUE_MAX_WIDTH, height: 60 } as const;

/** 2024-05-12 → 2024年5月12日. */
export const chineseDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return day ? `${y}年${m}月${d}日` : '';
};

const ink = (size: number, weight: TextStyle['weight'] = 'regular', spacing = 0, fill = INK): TextStyle => ({ size, weight, spacing, fill });

/** A short gold rule with a diamond at its inner end, either side of the title. */
function titleFlourish(x: number, y: number, direction: 1 | -1): string {
  const tip = x + direction * 150;
  return (
    `<path d="M${x} ${y}L${tip} ${y}" stroke="${GOLD}" stroke-width="2"/>` +
    `<path d="M${x + direction * 20} ${y - 6}L${tip - direction * 20} ${y - 6}" stroke="${PALE_GOLD}" stroke-width="1"/>` +
    `<path d="M${x} ${y - 8}L${x + direction * 8} ${y}L${x} ${y + 8}L${x - direction * 8} ${y}Z" fill="${RED}"/>` +
    `<circle cx="${tip}" cy="${y}" r="3" fill="${GOLD}"/>`
  );
}

/** A rectangle's outline. */
const rule = (box: Box, stroke: string, width: number) =>
  `<rect x="${box.left}" y="${box.top}" width="${box.right - box.left}" height="${box.bottom - box.top}" fill="none" stroke="${stroke}" stroke-width="${width}"/>`;

/** The paper and frame, with the ornament. */
function frameMarkup(): string {
  return [
    // Flat paper: a gradient would look richer but leaves no two pixels alike, which makes the PNG four times larger and slower to compress.
    `<rect width="${W}" height="${H}" fill="${PAPER}"/>`,
    rule(BORDER, RED, 14),
    rule(inset(38), GOLD, 2),
    guillocheBand(BAND, 8, 30, 3, GOLD),
    rule(inset(66), GOLD, 2),
    bandCorners(BAND, 34, PAPER, RED),
    rule(INNER, RED, 1.5),
    keyFretCorners(inset(96), 26, 2, 48, RED),
  ].join('');
}

/** Everything that is the same on every certificate of one face and issuer, except the seal. */
function staticMarkup(face: CertificateFace, issuer: string): string {
  const titleY = 376;
  const { rows, fixedRow } = face;
  return [
    frameMarkup(),
    // The emblem in a guilloche rosette, like a medal; above the holder's band, so drawn once.
    rosette(W / 2, 166, 60, GOLD, 0.55),
    emblemMarkup(W / 2, 166, 96),
    textPaths(issuer, W / 2, 274, fitted(issuer, ink(36, 'bold', 6), 1000), 'middle'),
    textPaths(face.title, W / 2, titleY, ink(96, 'bold', 0, RED), 'middle'),
    titleFlourish(W / 2 - face.flourishAt, titleY - 33, -1),
    titleFlourish(W / 2 + face.flourishAt, titleY - 33, 1),
    textPaths(face.english, W / 2, 414, ink(20, 'regular', 12, GOLD), 'middle'),
    ...rows.map((label, i) => textPaths(label, LABEL_X, FIRST_ROW_Y + i * ROW_GAP, ink(28, 'bold', 0, LABEL))),
    ...rows.map((_, i) => `<path d="M${VALUE_X - 6} ${FIRST_ROW_Y + i * ROW_GAP + 12}H${LABEL_X + 860}" stroke="${PALE_GOLD}" stroke-width="1.2"/>`),
    fixedRow ? textPaths(fixedRow.text, VALUE_X, FIRST_ROW_Y + fixedRow.index * ROW_GAP, ink(30)) : '',
    textPaths(face.closing, LABEL_X, lastRowY(face) + 72, ink(30, 'regular', 2)),
    `<rect x="${QR_CARD.x}" y="${QR_CARD.y}" width="${QR_CARD.width}" height="${QR_CARD.height}" fill="#ffffff" stroke="${GOLD}" stroke-width="1.5"/>`,
    textPaths('扫码验证真伪', QR.x + QR.size / 2, QR_CARD.y + QR_CARD.height - 12, ink(19, 'regular', 3, LABEL), 'middle'),
    linesPaths(issuer, ISSUER_X, ISSUER_Y, ink(30, 'regular', 2), 520, 24, 24, 'middle'),
  ].join('');
}

/** The first row a certificate's own content touches (the holder's values, the QR code, the seal): the band from here down is drawn per certificate. */
const BAND_TOP = Math.min(HOLDER_BOX.y, QR.y, SEAL_BOX.y);

interface IssuerLayers {
  base: BandedImage;
  seal: Layer;
}

/** The layers of a face's issuer, rendered on first use and kept (an instance has one issuer, or a few). */
const layersOf = (face: CertificateFace) =>
  keptPerIssuer(async (issuer): Promise<IssuerLayers> => {
    const box = `${SEAL_BOX.x} ${SEAL_BOX.y} ${SEAL_BOX.size} ${SEAL_BOX.size}`;
    const [base, seal] = await Promise.all([
      rendered(svg(W, H, staticMarkup(face, issuer))),
      rendered(svg(SEAL_BOX.size, SEAL_BOX.size, sealMarkup(issuer, SEAL.x, SEAL.y, SEAL.r), box)),
    ]);
    return { base: await BandedImage.of(Scanlines.of(base), BAND_TOP), seal };
  });

/**
 * Where to break a long name into two lines: after a unit's name (…公司, …分公司, …项目部,
 * …协会) or before a bracket, at the break nearest the middle; the middle itself when there is
 * none in its central half.
 */
function lineBreak(chars: readonly string[]): number {
  const middle = chars.length / 2;
  let best: number | undefined;
  for (let i = 1; i < chars.length; i++) {
    const natural = /[司部局院厂会）)]/u.test(chars[i - 1] as string) || /[（(]/u.test(chars[i] as string);
    if (natural && Math.abs(i - middle) <= chars.length / 4 && (best === undefined || Math.abs(i - middle) < Math.abs(best - middle))) best = i;
  }
  return best ?? Math.ceil(middle);
}

/**
 * A text on one line, reduced to fit `max` px; or, when that would take it below `smallest` px
 * (a company's or an issuer's full name), on two lines of at most `twoLineSize` px, the second
 * on the baseline's row and the first above it.
 */
export function linesPaths(
  value: string,
  x: number,
  y: number,
  style: TextStyle,
  max: number,
  smallest: number,
  twoLineSize: number,
  anchor: 'start' | 'middle' = 'start',
): string {
  const oneLine = fitted(value, style, max);
  if (oneLine.size >= smallest) return textPaths(value, x, y, oneLine, anchor);
  const chars = [...value];
  const at = lineBreak(chars);
  const [first, second] = [chars.slice(0, at).join(''), chars.slice(at).join('')];
  const small = fitted(first.length >= second.length ? first : second, { ...style, size: twoLineSize }, max);
  return textPaths(first, x, y + 6 - small.size * 1.2, small, anchor) + textPaths(second, x, y + 6, small, anchor);
}

/** A value on its row; a company's full name may take two smaller lines. */
const valuePaths = (value: string, y: number) => linesPaths(value, VALUE_X, y, ink(30), VALUE_MAX_WIDTH, 24, 20);

/** The holder's values, as an SVG of HOLDER_BOX alone (in the certificate's coordinates): the first (the holder) large, the others on the rows left free. */
function holderSvg(face: CertificateFace, c: FaceValues): string {
  const rowYs = face.rows.map((_, i) => FIRST_ROW_Y + i * ROW_GAP).filter((_, i) => i !== face.fixedRow?.index);
  const [holder = '', ...rest] = c.values;
  const body = [
    textPaths(holder, VALUE_X, rowYs[0]! + 2, fitted(holder, ink(44, 'bold', 4), VALUE_MAX_WIDTH)),
    ...rest.map((value, i) => valuePaths(value || '-', rowYs[i + 1]!)),
    textPaths(chineseDate(c.issueDate), ISSUER_X, ISSUE_DATE_Y, ink(28, 'regular', 1), 'middle'),
  ].join('');
  return svg(HOLDER_BOX.width, HOLDER_BOX.height, body, `${HOLDER_BOX.x} ${HOLDER_BOX.y} ${HOLDER_BOX.width} ${HOLDER_BOX.height}`);
}

/** A face's renderer: each certificate as a PNG; rasterising and compression run off the event loop. */
export function certificateRenderer(face: CertificateFace): (c: FaceValues) => Promise<Buffer> {
  const layers = layersOf(face);
  return async (c) => {
    const [kept, holder] = await Promise.all([layers(c.issuer), rendered(holderSvg(face, c))]);
    const band = kept.base.band();
    band.composite(holder, HOLDER_BOX.x, HOLDER_BOX.y);
    drawQr(band, c.verifyUrl, QR);
    band.composite(kept.seal, SEAL_BOX.x, SEAL_BOX.y, 'multiply');
    return kept.base.png(band);
  };
}

const renderExam = certificateRenderer(examFace);

/** The exam certificate as a PNG. */
export const renderCertificate = (c: CertificateImage): Promise<Buffer> =>
  renderExam({ values: [c.name, c.idNum, c.company, c.certNum, chineseDate(c.examTime)], issueDate: c.issueDate, issuer: c.issuer, verifyUrl: c.verifyUrl });
