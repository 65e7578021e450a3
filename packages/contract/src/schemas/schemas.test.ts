import { describe, expect, it } from 'vitest';
import {
  createProjectRequest,
  joinGeneralRequest,
  password,
  passwordMismatch,
  passwordsMatch,
  updateProfileRequest,
} from '../index.js';
import { z } from 'zod';

const validJoin = {
  verifiedToken: 't',
  password: 'abcdefghij',
  name: 'Kim',
  nickname: 'kim',
  phone: '01012345678',
};

const issueOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe('join validation (docs/product/accounts.md#validation)', () => {
  it('accepts a valid join', () => {
    expect(joinGeneralRequest.safeParse(validJoin).success).toBe(true);
  });
  it('requires a password of 10 to 20 characters', () => {
    expect(issueOf(joinGeneralRequest.safeParse({ ...validJoin, password: 'a'.repeat(9) }))).toEqual([
      'password:passwordLength',
    ]);
    expect(joinGeneralRequest.safeParse({ ...validJoin, password: 'a'.repeat(20) }).success).toBe(true);
    expect(joinGeneralRequest.safeParse({ ...validJoin, password: 'a'.repeat(21) }).success).toBe(false);
  });
  it('limits name and nickname to 15 characters and requires them', () => {
    expect(issueOf(joinGeneralRequest.safeParse({ ...validJoin, name: 'n'.repeat(16) }))).toEqual([
      'name:nameLength',
    ]);
    expect(issueOf(joinGeneralRequest.safeParse({ ...validJoin, nickname: '' }))).toEqual([
      'nickname:required',
    ]);
  });
  it('accepts digits only for the phone', () => {
    expect(issueOf(joinGeneralRequest.safeParse({ ...validJoin, phone: '010-1234' }))).toEqual([
      'phone:phoneDigits',
    ]);
  });
  it('refuses a career that ends before it starts', () => {
    const career = [{ startDt: '202401', endDt: '202312', company: 'ACME' }];
    expect(issueOf(updateProfileRequest.safeParse({ career }))).toEqual([
      'career.0.endDt:careerEndBeforeStart',
    ]);
    expect(updateProfileRequest.safeParse({ career: [{ ...career[0], endDt: '202401' }] }).success).toBe(
      true,
    );
  });
});

describe('project validation (docs/product/projects-and-membership.md#projects)', () => {
  it('refuses an end date before the start date', () => {
    const result = createProjectRequest.safeParse({
      name: 'P',
      startDt: '20261201',
      endDt: '20261130',
      isClient: false,
    });
    expect(issueOf(result)).toEqual(['endDt:endBeforeStart']);
  });
  it('refuses impossible dates', () => {
    expect(createProjectRequest.safeParse({ name: 'P', startDt: '20260231', isClient: true }).success).toBe(
      false,
    );
  });
});

describe('password confirmation (docs/product/accounts.md#validation)', () => {
  const form = z.object({ password, passwordConfirm: z.string() }).refine(passwordsMatch, passwordMismatch);
  it('reports a mismatch on the confirmation field', () => {
    expect(issueOf(form.safeParse({ password: 'abcdefghij', passwordConfirm: 'abcdefghik' }))).toEqual([
      'passwordConfirm:passwordMismatch',
    ]);
  });
  it('accepts a matching confirmation', () => {
    expect(form.safeParse({ password: 'abcdefghij', passwordConfirm: 'abcdefghij' }).success).toBe(true);
  });
});
