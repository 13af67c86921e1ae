/**
 * A small stroke font for the captcha. No font is installed on a fresh machine
 * and a captcha needs no Chinese, so each character is drawn as SVG path strokes in a
 * 10 × 16 box (y grows downwards). The alphabet leaves out look-alikes: 0/O/Q, 1/I/L, 2/Z,
 * 5/S, 8/B, G/6, V/U.
 */
export const GLYPH_WIDTH = 10;
export const GLYPH_HEIGHT = 16;

export const glyphs: Readonly<Record<string, string>> = {
  A: 'M0 16 L5 0 L10 16 M2 10 L8 10',
  C: 'M10 3 Q8 0 5 0 Q0 0 0 8 Q0 16 5 16 Q8 16 10 13',
  D: 'M0 0 L0 16 L4 16 Q10 16 10 8 Q10 0 4 0 Z',
  E: 'M10 0 L0 0 L0 16 L10 16 M0 8 L7 8',
  F: 'M10 0 L0 0 L0 16 M0 8 L7 8',
  H: 'M0 0 L0 16 M10 0 L10 16 M0 8 L10 8',
  J: 'M3 0 L10 0 M7 0 L7 12 Q7 16 3.5 16 Q0 16 0 12',
  K: 'M0 0 L0 16 M10 0 L0 10 M3 7 L10 16',
  M: 'M0 16 L0 0 L5 10 L10 0 L10 16',
  N: 'M0 16 L0 0 L10 16 L10 0',
  P: 'M0 16 L0 0 L6 0 Q10 0 10 4.5 Q10 9 6 9 L0 9',
  R: 'M0 16 L0 0 L6 0 Q10 0 10 4.5 Q10 9 6 9 L0 9 M5 9 L10 16',
  T: 'M0 0 L10 0 M5 0 L5 16',
  U: 'M0 0 L0 11 Q0 16 5 16 Q10 16 10 11 L10 0',
  W: 'M0 0 L2.5 16 L5 6 L7.5 16 L10 0',
  X: 'M0 0 L10 16 M10 0 L0 16',
  Y: 'M0 0 L5 8 L10 0 M5 8 L5 16',
  '3': 'M1 1.5 Q3 0 5 0 Q9.5 0 9.5 4 Q9.5 7.5 5 7.5 Q10 7.5 10 11.5 Q10 16 5 16 Q2 16 0 14.5',
  '4': 'M8 16 L8 0 L0 11 L10 11',
  '6': 'M9 1 Q7 0 5 0 Q0 0 0 9 Q0 16 5 16 Q10 16 10 11 Q10 6.5 5 6.5 Q1 6.5 0 10',
  '7': 'M0 0 L10 0 L4 16',
  '8': 'M5 0 A4 4 0 0 0 5 8 A4 4 0 0 0 5 0 M5 8 A5 4 0 0 0 5 16 A5 4 0 0 0 5 8',
  '9': 'M1 15 Q3 16 5 16 Q10 16 10 7 Q10 0 5 0 Q0 0 0 5 Q0 9.5 5 9.5 Q9 9.5 10 6',
};

export const captchaAlphabet = Object.keys(glyphs).join('');
