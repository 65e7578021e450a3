import fc from 'fast-check';

/**
 * The fuzz test's raw inputs (fuzz.test.ts): text a client can send that a JavaScript value cannot
 * express once parsed, so each is built as the bytes on the wire: JSON escapes, query strings with
 * repeated keys and odd numbers, and multipart bodies.
 */

/** JSON fragments JSON.stringify never writes: escapes, numbers past doubles or int4, deep nesting. */
export const rawJsonFragments = [
  '"a\\u0000b"',
  '"\\u0000"',
  '"a\\ud800"',
  '"\\udc00b"',
  '"\\ud83d\\ude00"',
  '"\\ud800\\ud800"',
  '{"\\ud800":1}',
  '{"a\\u0000":1}',
  '"\\u202e\\u200b\\ufeff"',
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '2147483648',
  '-2147483649',
  '2147483647.5',
  '1E+2',
  '-0',
  '0.1e-400',
  `${'['.repeat(600)}1${']'.repeat(600)}`,
  `${'{"a":'.repeat(300)}1${'}'.repeat(300)}`,
] as const;

const RAW = '\u0001raw:';
/** A placeholder string replaced by a raw fragment after JSON.stringify. */
export const rawJson = fc.constantFrom(...rawJsonFragments.map((_, i) => `${RAW}${i}`));
/** JSON.stringify, then each placeholder (now a quoted string) replaced by its fragment. */
export function toRawJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001raw:(\d+)"/g, (_, i: string) => rawJsonFragments[Number(i)]!);
}

/** Numbers as a query string carries them: past int4, negative, fractions, exponents, other digits. */
export const queryNumbers = [
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e3',
  '1e309',
  '-1',
  '-0',
  '0',
  '1.5',
  '0x10',
  ' 1',
  '1 ',
  '+1',
  '1_000',
  '１２',
  'Infinity',
  '',
] as const;

/**
 * `?a=1&a=2&b=%ED%A0%80`: keys from the route's schema (and others), possibly repeated, values
 * percent-encoded except a few raw sequences no decoder accepts (lone surrogates as UTF-8, a bare %).
 */
export function queryString(keys: string[], value: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const key = keys.length
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, fc.string({ maxLength: 6 }))
    : fc.string({ maxLength: 6 });
  const encoded = fc.oneof(
    { weight: 6, arbitrary: value.map(encodeURIComponent) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%ED%A0%80', '%', '%zz', '%C0%80', '%00', 'a%2', '%F4%90%80%80'),
    },
  );
  return fc
    .array(fc.tuple(key, encoded), { maxLength: 5 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&'));
}

export interface MultipartBody {
  case: string;
  contentType: string;
  payload: Buffer;
}

const BOUNDARY = 'fuzzBoundary';
const fileName = fc.oneof(
  fc.constantFrom(
    'plan.txt',
    'a\u0000b.txt',
    'a\u0007.txt',
    'line\r\nbreak.txt',
    '"quoted".txt',
    '../../etc/passwd',
    '',
    '한국어.pdf',
    'x'.repeat(400),
  ),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const fileBytes = fc.oneof(
  fc.constantFrom(
    Buffer.from('Milestone one\n- story a\n- story b\n'),
    Buffer.from('%PDF-1.4\n%%EOF\n'),
    Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    Buffer.alloc(0),
  ),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
);

function part(disposition: string, bytes: Buffer, type = 'application/octet-stream'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
}
const closing = Buffer.from(`--${BOUNDARY}--\r\n`);
const withBoundary = `multipart/form-data; boundary=${BOUNDARY}`;

/**
 * Multipart bodies for the upload routes: a well-formed file under a nasty name, then the same cut
 * short, without its boundary, with a second file, with only fields, or replaced by garbage.
 */
export const multipartBody: fc.Arbitrary<MultipartBody> = fc
  .record({
    name: fileName,
    bytes: fileBytes,
    field: fc.oneof(
      fc.constantFrom('file', 'files', '', '__proto__', 'constructor'),
      fc.string({ maxLength: 6 }),
    ),
    projectIdx: fc.constantFrom('1', '2147483648', '-1', 'a\u0000', '1e3', ''),
    cut: fc.nat(),
    shape: fc.constantFrom(
      'file',
      'cut',
      'noBoundary',
      'twoFiles',
      'fieldsOnly',
      'garbage',
      'rfc5987',
      'noType',
    ),
    garbage: fc.uint8Array({ maxLength: 300 }),
  })
  .map(({ name, bytes, field, projectIdx, cut, shape, garbage }) => {
    const file = part(`name="${field}"; filename="${name}"`, bytes);
    const projectField = part('name="projectIdx"', Buffer.from(projectIdx), 'text/plain');
    const whole = Buffer.concat([projectField, file, closing]);
    switch (shape) {
      case 'cut':
        return { case: shape, contentType: withBoundary, payload: whole.subarray(0, cut % whole.length) };
      case 'noBoundary':
        return { case: shape, contentType: 'multipart/form-data', payload: whole };
      case 'twoFiles':
        return { case: shape, contentType: withBoundary, payload: Buffer.concat([file, file, closing]) };
      case 'fieldsOnly':
        return { case: shape, contentType: withBoundary, payload: Buffer.concat([projectField, closing]) };
      case 'garbage':
        return { case: shape, contentType: withBoundary, payload: Buffer.from(garbage) };
      case 'rfc5987':
        return {
          case: shape,
          contentType: withBoundary,
          payload: Buffer.concat([
            part(`name="file"; filename*=UTF-8''${encodeURIComponent(name)}%00`, bytes),
            closing,
          ]),
        };
      case 'noType':
        return { case: shape, contentType: 'multipart/form-data; boundary=', payload: whole };
      default:
        return { case: shape, contentType: withBoundary, payload: whole };
    }
  });
