import { cardBillingFieldNames, foreignCardRequired, isLuhnValid } from '@teamline/contract';
import { z } from 'zod';

/**
 * The sandbox card form of `cardPop` (docs/product/billing.md#cards-and-gateway card fields): what the inputs hold, the checks a person
 * gets before anything is sent (the Luhn check digit, an expiry in the past), and the request the
 * server takes. Error messages are keys of ui.billing.cardPop.errors.*.
 */
export interface CardFormValues {
  cardNumber: string;
  /** `MM/YY` as typed. */
  expiry: string;
  isCorporate: boolean;
  /** `YYMMDD`, personal cards. */
  birth: string;
  /** Ten digits, corporate cards. */
  businessNumber: string;
  /** The first two digits of the card's password. */
  password: string;
  cvv: string;
  ownerName: string;
  /** A card issued outside Korea: the billing address below instead of birth date and password. */
  isForeign: boolean;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export type CardBillingField = (typeof cardBillingFieldNames)[number];

export const emptyCardForm: CardFormValues = {
  cardNumber: '',
  expiry: '',
  isCorporate: false,
  birth: '',
  businessNumber: '',
  password: '',
  cvv: '',
  ownerName: '',
  isForeign: false,
  firstName: '',
  lastName: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  country: '',
};

export type CardRequestBody = {
  cardNumber: string;
  expiry: string;
  isCorporate: boolean;
  birth?: string;
  businessNumber?: string;
  password?: string;
  cvv: string;
  ownerName: string;
  isForeign: boolean;
} & Partial<Record<CardBillingField, string>>;

const digitsOf = (value: string): string => value.replace(/\D/g, '');

/** `MM/YY` (or `MMYY`) → whether it is well formed and not past: a card is good through its month's end. */
export function expiryState(value: string, now: Date): 'format' | 'expired' | 'ok' {
  const match = /^(0[1-9]|1[0-2])\/?(\d{2})$/.exec(value.trim());
  if (!match) return 'format';
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  return year * 12 + (month - 1) < thisMonth ? 'expired' : 'ok';
}

/** Groups of four as the card shows them: `4242 4242 4242 4242`. */
export const formatCardNumber = (value: string): string =>
  digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** `MM/YY` while typing: the slash comes after the month. */
export function formatExpiry(value: string): string {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The form's schema; `now` decides what has expired (a test passes its own day). */
export function cardFormSchema(now: () => Date = () => new Date()) {
  const text = z.string();
  return z
    .object({
      cardNumber: text,
      expiry: text,
      isCorporate: z.boolean(),
      birth: text,
      businessNumber: text,
      password: text,
      cvv: text,
      ownerName: text,
      isForeign: z.boolean(),
      firstName: text,
      lastName: text,
      phone: text,
      address: text,
      city: text,
      state: text,
      zipCode: text,
      country: text,
    })
    .superRefine((v, ctx) => {
      const issue = (path: keyof CardFormValues, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      const number = v.cardNumber.replace(/[\s-]/g, '');
      if (!number) issue('cardNumber', 'required');
      else if (!/^\d{13,19}$/.test(number)) issue('cardNumber', 'cardNumber');
      else if (!isLuhnValid(number)) issue('cardNumber', 'luhn');
      const expiry = expiryState(v.expiry, now());
      if (!v.expiry.trim()) issue('expiry', 'required');
      else if (expiry !== 'ok') issue('expiry', expiry === 'expired' ? 'expired' : 'expiryFormat');
      if (!/^\d{3,4}$/.test(v.cvv)) issue('cvv', 'cvv');
      if (v.isForeign) {
        // docs/product/billing.md#cards-and-gateway: the billing address a card issued abroad needs.
        for (const field of foreignCardRequired) if (!v[field].trim()) issue(field, 'required');
        if (v.phone.trim() && !/^\+?\d{6,20}$/.test(v.phone.replace(/[\s-]/g, ''))) issue('phone', 'phone');
        if (v.zipCode.trim() && !/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/.test(v.zipCode.trim()))
          issue('zipCode', 'zipCode');
        return;
      }
      if (v.isCorporate) {
        if (!/^\d{10}$/.test(v.businessNumber.replace(/-/g, ''))) issue('businessNumber', 'businessNumber');
      } else if (!/^\d{6}$/.test(v.birth)) issue('birth', 'birth');
      if (!/^\d{2}$/.test(v.password)) issue('password', 'password');
      if (!v.ownerName.trim()) issue('ownerName', 'required');
    })
    .transform((v): CardRequestBody => {
      const card = {
        cardNumber: v.cardNumber.replace(/[\s-]/g, ''),
        expiry: v.expiry.replace('/', ''),
        cvv: v.cvv,
      };
      if (v.isForeign)
        return {
          ...card,
          isCorporate: false,
          isForeign: true,
          // The name on the card is the billing name.
          ownerName: `${v.firstName.trim()} ${v.lastName.trim()}`,
          ...Object.fromEntries(
            cardBillingFieldNames.map((field) => [
              field,
              field === 'phone' ? v.phone.replace(/[\s-]/g, '') : v[field].trim(),
            ]),
          ),
        };
      return {
        ...card,
        isCorporate: v.isCorporate,
        isForeign: false,
        ...(v.isCorporate ? { businessNumber: v.businessNumber.replace(/-/g, '') } : { birth: v.birth }),
        password: v.password,
        ownerName: v.ownerName.trim(),
      };
    });
}
