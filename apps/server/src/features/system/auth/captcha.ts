import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { formatCst } from '@portal/shared';
import type { Database } from '../../../db/connection.js';
import { captchaAlphabet, GLYPH_HEIGHT, GLYPH_WIDTH, glyphs } from './glyphs.js';

/** Told each captcha's answer when it is issued: the test seam of BuildOptions.captchaIssued. */
export type CaptchaObserver = (ticket: string, answer: string) => void;

declare module 'fastify' {
  interface FastifyInstance {
    captchaIssued: CaptchaObserver | null;
  }
}

const CAPTCHA_TTL_MS = 5 * 60_000;
const LENGTH = 4;
const WIDTH = 120;
const HEIGHT = 40;

export interface Captcha {
  ticket: string;
  /** PNG as a data URL. */
  image: string;
}

/**
 * A new captcha: the answer is kept only as a hash bound to its ticket, in the database so
 * any instance can check it (docs/architecture.md). Expired tickets are swept on the way.
 */
export async function issueCaptcha({ db }: Database, now: number, observer: CaptchaObserver | null): Promise<Captcha> {
  const answer = Array.from({ length: LENGTH }, () => captchaAlphabet[randomInt(captchaAlphabet.length)]).join('');
  const ticket = randomBytes(24).toString('base64url');
  await db.deleteFrom('captchas').where('expires_at', '<', formatCst(now)).execute();
  await db
    .insertInto('captchas')
    .values({ ticket, answer_hash: answerHash(ticket, answer), expires_at: formatCst(now + CAPTCHA_TTL_MS), used: 0 })
    .execute();
  observer?.(ticket, answer);
  return { ticket, image: `data:image/png;base64,${renderPng(answer).toString('base64')}` };
}

/**
 * Uses up a ticket and says whether the answer (any case) was right. A ticket answers one
 * attempt only, right or wrong: the UPDATE marks it used atomically, so two concurrent
 * attempts with one ticket cannot both pass.
 */
export async function consumeCaptcha({ db }: Database, ticket: string, answer: string, now: number): Promise<boolean> {
  if (!ticket) return false;
  const row = await db
    .updateTable('captchas')
    .set({ used: 1 })
    .where('ticket', '=', ticket)
    .where('used', '=', 0)
    .where('expires_at', '>=', formatCst(now))
    .returning('answer_hash')
    .executeTakeFirst();
  if (!row) return false;
  const expected = Buffer.from(row.answer_hash, 'hex');
  const given = Buffer.from(answerHash(ticket, answer.trim()), 'hex');
  return timingSafeEqual(expected, given);
}

/** What a ticket keeps of its answer; exported for the benches, which make tickets without drawing their images. */
export function answerHash(ticket: string, answer: string): string {
  return createHash('sha256').update(`${ticket}:${answer.toUpperCase()}`).digest('hex');
}

const between = (min: number, max: number) => min + Math.random() * (max - min);
const darkColour = () => `hsl(${randomInt(360)} ${randomInt(50, 80)}% ${randomInt(25, 40)}%)`;

/** Draws the answer with each glyph turned, scaled and shifted a little, over noise curves and dots. */
function renderPng(answer: string): Buffer {
  const cell = WIDTH / (LENGTH + 0.5);
  const letters = [...answer].map((char, index) => {
    const scale = between(1.3, 1.6);
    const x = cell * (index + 0.75) + between(-3, 3);
    const y = HEIGHT / 2 + between(-3, 3);
    const transform = `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${between(-18, 18).toFixed(1)}) scale(${scale.toFixed(2)}) translate(${-GLYPH_WIDTH / 2} ${-GLYPH_HEIGHT / 2})`;
    return `<path d="${glyphs[char]}" transform="${transform}" stroke="${darkColour()}" stroke-width="1.7"/>`;
  });
  const curves = Array.from({ length: 4 }, () => {
    const point = () => `${between(0, WIDTH).toFixed(1)} ${between(0, HEIGHT).toFixed(1)}`;
    return `<path d="M${between(0, 10).toFixed(1)} ${between(0, HEIGHT).toFixed(1)} C${point()} ${point()} ${between(WIDTH - 10, WIDTH).toFixed(1)} ${between(0, HEIGHT).toFixed(1)}" stroke="${darkColour()}" stroke-width="${between(0.8, 1.4).toFixed(1)}" opacity="0.7"/>`;
  });
  const dots = Array.from(
    { length: 40 },
    () => `<circle cx="${between(0, WIDTH).toFixed(1)}" cy="${between(0, HEIGHT).toFixed(1)}" r="${between(0.5, 1.2).toFixed(1)}" fill="${darkColour()}"/>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="100%" height="100%" fill="hsl(${randomInt(360)} 40% 94%)"/>
${dots.join('')}
<g fill="none" stroke-linecap="round" stroke-linejoin="round">${curves.join('')}${letters.join('')}</g>
</svg>`;
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
}
