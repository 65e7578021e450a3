import type { MemberProfile } from '@teamline/contract';
import { describe, expect, it } from 'vitest';
import { profileDefaults, profileFormSchema, toProfileRequest, type ProfileFormValues } from './profile-form';

const values = (patch: Partial<ProfileFormValues>): ProfileFormValues => ({
  ...profileDefaults(null, 'en'),
  nickname: 'Ally',
  ...patch,
});

describe('birth date and gender of the profile form', () => {
  it('fill the form from the profile and go back as the API fields (YYYYMMDD, M/F)', () => {
    const profile = {
      nickname: 'Ally',
      birth: '19900102',
      gender: 'F',
      career: [],
    } as unknown as MemberProfile;
    const defaults = profileDefaults(profile, 'en');
    expect(defaults).toMatchObject({ birth: '1990-01-02', gender: 'F' });
    expect(toProfileRequest(defaults)).toMatchObject({ birth: '19900102', gender: 'F' });
  });

  it('are optional: empty sends null, which clears them', () => {
    expect(profileDefaults(null, 'en')).toMatchObject({ birth: '', gender: '' });
    expect(profileFormSchema.safeParse(values({})).success).toBe(true);
    expect(toProfileRequest(values({}))).toMatchObject({ birth: null, gender: null });
  });

  it('refuse a day that does not exist and a gender outside M and F', () => {
    const result = profileFormSchema.safeParse(values({ birth: '1990-02-30' }));
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['birth'], message: 'dateFormat' }),
    ]);
    expect(profileFormSchema.safeParse(values({ gender: 'X' as 'M' })).success).toBe(false);
  });
});
