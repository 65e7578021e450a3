import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totpAt, totpStep } from './totp.js';

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 appendix B, SHA-1 rows: the 20-byte ASCII secret, 8 digits.
  const secret = Buffer.from('12345678901234567890');
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(hotp(secret, totpStep(new Date(seconds * 1000)), 8)).toBe(code);
  });

  it('RFC 4226 appendix D: HOTP values of counters 0 to 9', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(secret, counter))).toEqual(expected);
  });

  it('base32 round-trips and matches RFC 4648 vectors', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode(base32Encode(secret)).equals(secret)).toBe(true);
  });

  it('accepts the previous, current and next step only, and says which', () => {
    const b32 = base32Encode(secret);
    const at = new Date(1_700_000_000_000);
    const step = totpStep(at);
    expect(matchTotp(b32, totpAt(b32, at), at)).toBe(step);
    expect(matchTotp(b32, totpAt(b32, new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(matchTotp(b32, totpAt(b32, new Date(at.getTime() + 30_000)), at)).toBe(step + 1);
    expect(matchTotp(b32, totpAt(b32, new Date(at.getTime() - 90_000)), at)).toBeNull();
  });

  it('the otpauth address names the issuer and the account', () => {
    expect(otpauthUri({ secret: 'ABC', account: 'a@b.c', issuer: 'Teamline' })).toBe(
      'otpauth://totp/Teamline%3Aa%40b.c?secret=ABC&issuer=Teamline&algorithm=SHA1&digits=6&period=30',
    );
  });
});
