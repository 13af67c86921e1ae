import { describe, expect, it } from 'vitest';
import { certMessages, idCheckCharacter, idNumberProblem, IdType, normaliseIdNumber } from '@portal/shared';
import { maskIdNumber } from './dto.js';

const mainland = (raw: string) => idNumberProblem(IdType.Mainland, normaliseIdNumber(raw));

describe('mainland ID numbers (GB 11643-1999)', () => {
  it('computes the check character of the standard’s own examples', () => {
    // The worked examples of GB 11643-1999 and of its ISO 7064 MOD 11-2 check.
    expect(idCheckCharacter('44052418800101001')).toBe('4');
    expect(idCheckCharacter('11010519491231002')).toBe('X');
    expect(idCheckCharacter('11010119900307447')).toBe('7');
    // A remainder of 0 gives 1, of 1 gives 0.
    expect(idCheckCharacter('11010119900307001')).toBe('1');
    expect(idCheckCharacter('11010119900307000')).toBe('3');
  });

  it('accepts valid numbers, a lower-case x, full-width digits and spaces', () => {
    expect(mainland('11010519491231002X')).toBeNull();
    expect(mainland('11010519491231002x')).toBeNull();
    expect(normaliseIdNumber(' 110105 19491231 002x ')).toBe('11010519491231002X');
    expect(normaliseIdNumber('１１０１０５１９４９１２３１００２Ｘ')).toBe('11010519491231002X');
    expect(mainland('１１０１０５１９４９１２３１００２ｘ')).toBeNull();
    expect(mainland('110101199003074477')).toBeNull();
    // Residence permits of Hong Kong (81), Macau (82) and Taiwan (83) residents share the scheme.
    expect(mainland(`81000019900101001${idCheckCharacter('81000019900101001')}`)).toBeNull();
  });

  it('refuses a wrong check character, a wrong length, a bad birth date or letters', () => {
    expect(mainland('110105194912310021')).toBe(certMessages.idNumCheckDigit);
    expect(mainland('110101199003074478')).toBe(certMessages.idNumCheckDigit);
    expect(mainland('11010119900307447')).toBe(certMessages.idNumInvalid);
    expect(mainland('1101011990030744777')).toBe(certMessages.idNumInvalid);
    expect(mainland('11010119900307447A')).toBe(certMessages.idNumInvalid);
    expect(mainland('010101199003074477')).toBe(certMessages.idNumInvalid);
    // 1990-02-30 does not exist; the check character is right for the digits.
    expect(mainland(`11010119900230447${idCheckCharacter('11010119900230447')}`)).toBe(certMessages.idNumBirthDate);
    expect(mainland(`11010118991231447${idCheckCharacter('11010118991231447')}`)).toBe(certMessages.idNumBirthDate);
    expect(mainland('')).toBe(certMessages.idNumRequired);
  });
});

describe('other documents', () => {
  it('takes passports and permits of 5 to 20 letters and digits when marked as such', () => {
    expect(idNumberProblem(IdType.Passport, normaliseIdNumber('e12345678'))).toBeNull();
    expect(idNumberProblem(IdType.HkMacauPermit, 'H12345678')).toBeNull();
    expect(idNumberProblem(IdType.TaiwanPermit, '12345678')).toBeNull();
    expect(idNumberProblem(IdType.Passport, 'A123456(7)')).toBeNull();
    // The same passport number as a mainland ID is refused.
    expect(idNumberProblem(IdType.Mainland, 'E12345678')).toBe(certMessages.idNumInvalid);
    for (const bad of ['E123', 'E1234567890123456789X', 'E1234_5678', '护照12345'])
      expect(idNumberProblem(IdType.Passport, bad), bad).toBe(certMessages.otherIdInvalid);
  });
});

describe('masking', () => {
  it('shows the first 6 and last 4 characters of an ID number, less of a shorter document', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110105********002X');
    expect(maskIdNumber('E12345678')).toBe('E1*****78');
    expect(maskIdNumber('1234567')).toBe('1*****7');
    expect(maskIdNumber('H1234')).toBe('H***4');
  });
});
