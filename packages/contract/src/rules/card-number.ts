/**
 * The card number's own check (docs/product/billing.md#cards-and-gateway): the last digit is a Luhn
 * (mod 10) check digit. The web card form checks it before anything is sent and the sandbox gateway
 * refuses a number that fails it (`INVALID_CARD`); both call this one function.
 */

/** Whether `digits` (digits only, no spaces) carry a valid Luhn check digit; anything else is false. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
