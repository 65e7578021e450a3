import { describe, expect, it } from 'vitest';
import { cardFormSchema, emptyCardForm, expiryState, formatCardNumber, formatExpiry } from './card-form';

const now = () => new Date(2026, 10, 24); // 24 Nov 2026
const valid = {
  ...emptyCardForm,
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/28',
  birth: '900101',
  password: '12',
  cvv: '123',
  ownerName: ' Mina Kim ',
};

const issuesOf = (values: typeof valid) => {
  const result = cardFormSchema(now).safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('card form (cardPop, docs/product/billing.md#cards-and-gateway card fields)', () => {
  it('a card is good through the last day of its expiry month', () => {
    expect(expiryState('11/26', now())).toBe('ok');
    expect(expiryState('10/26', now())).toBe('expired');
    expect(expiryState('13/26', now())).toBe('format');
    expect(expiryState('1126', now())).toBe('ok');
  });

  it('formats the number in groups of four and the expiry as MM/YY while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('1')).toBe('1');
  });

  it('turns a personal card into the request: digits only, MMYY, the birth date, trimmed name', () => {
    const result = cardFormSchema(now).parse(valid);
    expect(result).toEqual({
      cardNumber: '4242424242424242',
      expiry: '1228',
      isCorporate: false,
      birth: '900101',
      password: '12',
      cvv: '123',
      ownerName: 'Mina Kim',
      isForeign: false,
    });
  });

  it('a corporate card sends the business registration number instead of the birth date', () => {
    const result = cardFormSchema(now).parse({
      ...valid,
      isCorporate: true,
      birth: '',
      businessNumber: '123-45-67890',
    });
    expect(result).toMatchObject({ isCorporate: true, businessNumber: '1234567890' });
    expect(result).not.toHaveProperty('birth');
    expect(issuesOf({ ...valid, isCorporate: true, businessNumber: '12345' })).toEqual({
      businessNumber: 'businessNumber',
    });
  });

  it('names each mistake on its field', () => {
    expect(issuesOf({ ...valid, cardNumber: '4242 4242 4242 4241' })).toEqual({ cardNumber: 'luhn' });
    expect(issuesOf({ ...valid, cardNumber: '4242' })).toEqual({ cardNumber: 'cardNumber' });
    expect(issuesOf({ ...valid, expiry: '10/26' })).toEqual({ expiry: 'expired' });
    expect(issuesOf({ ...valid, expiry: '00/30' })).toEqual({ expiry: 'expiryFormat' });
    expect(issuesOf({ ...valid, password: '123' })).toEqual({ password: 'password' });
    expect(issuesOf({ ...valid, cvv: '12' })).toEqual({ cvv: 'cvv' });
    expect(issuesOf({ ...valid, birth: '9001' })).toEqual({ birth: 'birth' });
    expect(issuesOf({ ...valid, ownerName: '  ' })).toEqual({ ownerName: 'required' });
  });

  it('a card issued abroad asks for its billing address instead of the birth date and password', () => {
    const abroad = { ...valid, isForeign: true, birth: '', password: '', ownerName: '' };
    expect(issuesOf(abroad)).toEqual({
      firstName: 'required',
      lastName: 'required',
      phone: 'required',
      address: 'required',
      city: 'required',
      zipCode: 'required',
      country: 'required',
    });
    const address = {
      firstName: ' Jane ',
      lastName: 'Doe',
      phone: '+1 415-555-0100',
      address: '1 Market St',
      city: 'San Francisco',
      state: '',
      zipCode: '94105',
      country: 'US',
    };
    expect(issuesOf({ ...abroad, ...address, zipCode: '#1', phone: 'call me' })).toEqual({
      zipCode: 'zipCode',
      phone: 'phone',
    });
    expect(cardFormSchema(now).parse({ ...abroad, ...address })).toEqual({
      cardNumber: '4242424242424242',
      expiry: '1228',
      cvv: '123',
      isCorporate: false,
      isForeign: true,
      ownerName: 'Jane Doe',
      firstName: 'Jane',
      lastName: 'Doe',
      phone: '+14155550100',
      address: '1 Market St',
      city: 'San Francisco',
      state: '',
      zipCode: '94105',
      country: 'US',
    });
  });
});
