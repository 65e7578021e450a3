import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../index.js';
import {
  INT4_MAX,
  createCommentRequest,
  createMilestoneRequest,
  createStoryRequest,
  documentListQuery,
  documentUpdateRequest,
  idParams,
  intIn,
  intInText,
  unboundedNumbers,
  updateProfileRequest,
  updateStoryRequest,
} from '../index.js';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

/**
 * What a client sends: every exported schema named for a request body, path or query. `memberRequest`
 * is the "request" a member sends another (a record the server answers with), not an input.
 */
const responsesNamedLikeInputs = new Set(['memberRequest']);
const inputSchemas = Object.entries(contract).filter(
  (entry): entry is [string, z.ZodType] =>
    entry[1] instanceof z.ZodType &&
    /(Request|Params|Query)$/.test(entry[0]) &&
    !responsesNamedLikeInputs.has(entry[0]),
);

describe('ids and integers stay within an int4 column', () => {
  it('takes the largest int4 and refuses one more, in paths and bodies', () => {
    expect(idParams.safeParse({ id: String(INT4_MAX) }).success).toBe(true);
    expect(messageOf(idParams.safeParse({ id: String(INT4_MAX + 1) }))).toBe('numberRange');
    expect(messageOf(idParams.safeParse({ id: '9007199254740991' }))).toBe('numberRange');
    expect(createStoryRequest.safeParse({ projectIdx: 2 ** 31, title: 'a' }).success).toBe(false);
    expect(updateProfileRequest.safeParse({ hopePrice: INT4_MAX }).success).toBe(true);
    expect(messageOf(updateProfileRequest.safeParse({ hopePrice: 2 ** 31 }))).toBe('numberRange');
  });

  it("refuses the issue's integers past int4 in a query and a body", () => {
    expect(messageOf(documentListQuery.safeParse({ projectIdx: '1', folderIdx: '2147483648' }))).toBe(
      'numberRange',
    );
    expect(documentListQuery.safeParse({ projectIdx: '1', folderIdx: '0' }).success).toBe(true);
    expect(messageOf(documentUpdateRequest.safeParse({ baseVersion: 2 ** 31 }))).toBe('numberRange');
    expect(documentUpdateRequest.safeParse({ baseVersion: INT4_MAX }).success).toBe(true);
  });

  it('finds every input schema and bounds each of its numbers within int4', () => {
    expect(inputSchemas.length).toBeGreaterThan(100);
    const unbounded = inputSchemas.flatMap(([name, schema]) => unboundedNumbers(schema, name));
    expect(unbounded).toEqual([]);
  });

  it('sees a number without bounds wherever it hides', () => {
    const planted = z.object({
      page: z.number().int(),
      nested: z.array(z.object({ at: z.coerce.number().int().min(0).optional() })),
      either: z.union([z.string(), z.number().max(5)]),
      fine: intIn(0, 10),
    });
    expect(unboundedNumbers(planted, 'planted')).toEqual([
      'planted.page: [-9007199254740991, 9007199254740991]',
      'planted.nested[].at: [0, 9007199254740991]',
      'planted.either|1: [-Infinity, 5]',
    ]);
  });

  it('cannot be built wider than an integer column', () => {
    expect(() => intIn(0, 2 ** 31)).toThrow(RangeError);
    expect(() => intInText(-(2 ** 31) - 1, 0)).toThrow(RangeError);
    expect(messageOf(intInText(1, 50).safeParse('51'))).toBe('numberRange');
    expect(messageOf(intIn(1, 1440, 'minutesRange').safeParse(1.5))).toBe('minutesRange');
  });
});

describe('text refuses control characters', () => {
  it('refuses NUL and escape sequences in single-line text', () => {
    expect(messageOf(updateStoryRequest.safeParse({ title: 'a\u0000b' }))).toBe('controlCharacters');
    expect(messageOf(updateStoryRequest.safeParse({ title: 'a\u001b[31m' }))).toBe('controlCharacters');
    expect(messageOf(updateStoryRequest.safeParse({ title: 'two\nlines' }))).toBe('controlCharacters');
    expect(updateStoryRequest.safeParse({ title: '한국어 Tiếng Việt' }).success).toBe(true);
  });
  it('lets multi-line text keep line breaks and tabs but not NUL', () => {
    expect(createCommentRequest.safeParse({ content: 'line\r\n\tindented' }).success).toBe(true);
    expect(messageOf(createCommentRequest.safeParse({ content: 'a\u0000b' }))).toBe('controlCharacters');
    expect(messageOf(updateStoryRequest.safeParse({ description: 'bell\u0007' }))).toBe('controlCharacters');
  });
});

describe('text refuses a lone surrogate', () => {
  it('refuses half of a pair in single- and multi-line text and keeps whole emoji', () => {
    expect(messageOf(createStoryRequest.safeParse({ projectIdx: 1, title: 'a\ud800' }))).toBe(
      'brokenCharacters',
    );
    expect(
      messageOf(
        createMilestoneRequest.safeParse({
          projectIdx: 1,
          title: '\udc00b',
          startDt: '20260101',
          endDt: '20260201',
        }),
      ),
    ).toBe('brokenCharacters');
    expect(messageOf(createCommentRequest.safeParse({ content: 'ok\n\ud83d' }))).toBe('brokenCharacters');
    expect(createStoryRequest.safeParse({ projectIdx: 1, title: 'ship it 🚀' }).success).toBe(true);
  });
});
