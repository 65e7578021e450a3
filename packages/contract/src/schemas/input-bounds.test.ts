import { describe, expect, it } from 'vitest';
import {
  INT4_MAX,
  createCommentRequest,
  createStoryRequest,
  idParams,
  updateProfileRequest,
  updateStoryRequest,
} from '../index.js';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('ids and integers stay within an int4 column', () => {
  it('takes the largest int4 and refuses one more, in paths and bodies', () => {
    expect(idParams.safeParse({ id: String(INT4_MAX) }).success).toBe(true);
    expect(messageOf(idParams.safeParse({ id: String(INT4_MAX + 1) }))).toBe('numberRange');
    expect(messageOf(idParams.safeParse({ id: '9007199254740991' }))).toBe('numberRange');
    expect(createStoryRequest.safeParse({ projectIdx: 2 ** 31, title: 'a' }).success).toBe(false);
    expect(updateProfileRequest.safeParse({ hopePrice: INT4_MAX }).success).toBe(true);
    expect(messageOf(updateProfileRequest.safeParse({ hopePrice: 2 ** 31 }))).toBe('numberRange');
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
