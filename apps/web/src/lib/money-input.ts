import { currencies, type Language } from '@teamline/contract';

/**
 * What a person types as an amount or a percentage, read exactly (docs/decisions.md › Settlement ›
 * Amounts typed in major units): the text is split into its digit strings and joined, never passed
 * through a floating-point number, so "12.34" dollars are 1234 cents and "3.3" % is 330 basis points.
 */

/** The decimal mark of each language; the other mark ("," or ".") may group thousands. */
export const decimalMarkOf: Record<Language, '.' | ','> = { en: '.', kr: '.', vi: ',' };

const escape = (mark: string) => (mark === '.' ? '\\.' : mark);

/**
 * `text` in major units → an integer count of 1/10^`fractionDigits` of them, or null when it is not
 * a plain non-negative amount: digits, thousands grouped by threes with the other mark (or not at
 * all), at most `fractionDigits` decimals after the language's decimal mark.
 */
export function parseScaled(text: string, fractionDigits: number, decimalMark: '.' | ','): number | null {
  const value = text.replace(/[\s\u00a0]/g, '');
  const group = escape(decimalMark === '.' ? ',' : '.');
  const pattern = new RegExp(`^(\\d{1,3}(?:${group}\\d{3})+|\\d+)(?:${escape(decimalMark)}(\\d*))?$`);
  const match = pattern.exec(value);
  if (!match) return null;
  const whole = match[1]!.replace(/\D/g, '');
  const fraction = match[2] ?? '';
  if (fraction.length > fractionDigits) return null;
  const digits = (whole + fraction.padEnd(fractionDigits, '0')).replace(/^0+(?=\d)/, '');
  if (digits.length > 15) return null;
  return Number(digits);
}

/** "150,000" KRW → 150000; "12.34" USD → 1234 (en); "12,34" USD → 1234 (vi). */
export const parseMajorToMinor = (text: string, minorDigits: number, lang: Language): number | null =>
  parseScaled(text, minorDigits, decimalMarkOf[lang]);

/** "3.3" % → 330 basis points; "0" → 0; at most two decimals. */
export const parsePercentToBp = (text: string, lang: Language): number | null =>
  parseScaled(text, 2, decimalMarkOf[lang]);

/** The currencies an amount may be typed in, as a form select's options (the code is the label). */
export const currencyOptions = currencies.map((currency) => ({ value: currency, label: currency }));
