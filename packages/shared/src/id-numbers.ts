import { certMessages } from './messages/certificates.js';

/**
 * Identity documents of exam candidates. Most hold a mainland resident ID (居民身份证, 18
 * characters with the GB 11643-1999 check digit; the residence permits of Hong Kong, Macau and
 * Taiwan residents use the same numbering and pass as one). Candidates without one give another
 * document, which the record must say, since only the mainland number can be checked.
 */
export const IdType = { Mainland: 1, Passport: 2, HkMacauPermit: 3, TaiwanPermit: 4 } as const;
export type IdType = (typeof IdType)[keyof typeof IdType];
export const idTypeNames: Record<IdType, string> = {
  1: '居民身份证',
  2: '护照',
  3: '港澳居民来往内地通行证',
  4: '台湾居民来往大陆通行证',
};
export const idTypes = Object.keys(idTypeNames).map(Number) as IdType[];

/**
 * An ID number as stored and compared: full-width characters folded (an IME's "１１０…Ｘ"),
 * spaces removed, letters upper-case. "11010119900307123x" and "11010119900307123X" are one.
 */
export function normaliseIdNumber(raw: string): string {
  return raw.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
}

/** GB 11643-1999: weight of position i is 2^(17−i) mod 11. */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARACTERS = '10X98765432';

/** The check character of the first 17 digits of a mainland ID number (ISO 7064 MOD 11-2). */
export function idCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (WEIGHTS[i] as number);
  return CHECK_CHARACTERS[sum % 11] as string;
}

const MAINLAND = /^[1-9]\d{16}[\dX]$/;
/** Passports and permits: letters and digits (an HK-style check digit in brackets, a hyphen), 5–20 characters. */
const OTHER_DOCUMENT = /^[A-Z0-9][A-Z0-9()-]{4,19}$/;

/** Whether year, month (1–12) and day name a real day from 1900 on (no 2023-02-29). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Whether an ID number is one shown masked (110101********1234): sent back unchanged in the
 * back office's dialog it means the stored number; anywhere else it is refused.
 */
export const isMaskedIdNumber = (idNum: string) => idNum.includes('*');

/**
 * What is wrong with a normalised ID number of the given document type, or null when it is
 * acceptable: a mainland number needs 18 characters, a real birth date and the right check
 * character; another document a sane pattern.
 */
export function idNumberProblem(idType: IdType, idNum: string): string | null {
  if (idNum === '') return certMessages.idNumRequired;
  if (isMaskedIdNumber(idNum)) return certMessages.idNumMasked;
  if (idType !== IdType.Mainland) return OTHER_DOCUMENT.test(idNum) ? null : certMessages.otherIdInvalid;
  if (!MAINLAND.test(idNum)) return certMessages.idNumInvalid;
  if (!isCalendarDate(Number(idNum.slice(6, 10)), Number(idNum.slice(10, 12)), Number(idNum.slice(12, 14)))) return certMessages.idNumBirthDate;
  if (idCheckCharacter(idNum) !== idNum[17]) return certMessages.idNumCheckDigit;
  return null;
}
