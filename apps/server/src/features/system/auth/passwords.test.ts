import { afterEach, describe, expect, it } from 'vitest';
import { hashGeneratedPassword, hashPassword, PERSON_PASSWORD_COST, setPasswordCost, verifyPassword } from './passwords.js';

// The tests hash at 2^10 (test/setup.ts); these put the product's cost back for their own checks.
describe('password hashes', () => {
  afterEach(() => setPasswordCost(2 ** 10));

  it('a person’s password is hashed with scrypt at N=2^15, r=8, p=1 and a salt of its own', async () => {
    setPasswordCost(PERSON_PASSWORD_COST);
    const [a, b] = [await hashPassword('Harbour-lights-2024'), await hashPassword('Harbour-lights-2024')];
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(await verifyPassword('Harbour-lights-2024', a)).toBe(true);
    expect(await verifyPassword('Harbour-lights-2025', a)).toBe(false);
  });

  it('a hash keeps its own parameters: one made at a lower cost still checks after the cost is raised', async () => {
    const cheap = await hashPassword('Harbour-lights-2024');
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    setPasswordCost(PERSON_PASSWORD_COST);
    expect(await verifyPassword('Harbour-lights-2024', cheap)).toBe(true);
    expect(await verifyPassword('Harbour-lights-2024', await hashGeneratedPassword('Harbour-lights-2024'))).toBe(true);
  });

  it('refuses a cost that is not a power of two or is below the generated passwords’', () => {
    expect(() => setPasswordCost(3000)).toThrow(/power of two/);
    expect(() => setPasswordCost(2 ** 9)).toThrow(/at least 1024/);
  });

  it('a malformed stored hash matches nothing', async () => {
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1024$8$1$')).toBe(false);
  });
});
