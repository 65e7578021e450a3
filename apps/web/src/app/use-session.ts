import { useQuery } from '@tanstack/react-query';
import { chooseLanguage, isLanguage, type Language } from '@teamline/contract';
import { useEffect } from 'react';
import { authApi } from '../features/auth/api/auth-api';
import { memberApi } from '../lib/member-api';
import { setLanguage } from '../lib/i18n';
import { storage } from '../lib/storage';
import { VISITOR_LANGUAGE_KEY } from '../lib/visitor-language';
import { useAuthStore } from '../stores/auth-store';
import { useProfileStore } from '../stores/profile-store';

export const readVisitorLanguage = (): Language | null => {
  const value = storage.get<string | null>(VISITOR_LANGUAGE_KEY, null);
  return isLanguage(value) ? value : null;
};

export const meKey = ['member', 'me'] as const;

/** The language to use: docs/product/i18n-and-modes.md#languages chooseLanguage, with a visitor's explicit pick before the region. */
export function pickLanguage(input: {
  profile: { memberIdx?: number | null; lang?: string | null } | null;
  isoCode: string | null | undefined;
  visitorLanguage: Language | null;
}): Language {
  if (input.profile?.memberIdx && isLanguage(input.profile.lang)) return chooseLanguage(input);
  if (input.visitorLanguage) return input.visitorLanguage;
  return chooseLanguage(input);
}

/** docs/product/accounts.md#sign-in: when the login state becomes true, fetch the profile and set the language. */
export function useSession(): void {
  const isLogin = useAuthStore((s) => s.isLogin);
  const setProfile = useProfileStore((s) => s.setProfile);
  const region = useQuery({
    queryKey: ['region'],
    queryFn: authApi.region,
    staleTime: Infinity,
    retry: false,
  });
  const me = useQuery({ queryKey: meKey, queryFn: memberApi.me, enabled: isLogin, staleTime: 60_000 });

  useEffect(() => {
    if (me.data && isLogin) setProfile(me.data);
  }, [me.data, isLogin, setProfile]);

  useEffect(() => {
    const profile = isLogin ? (me.data ?? null) : null;
    void setLanguage(
      pickLanguage({ profile, isoCode: region.data?.isoCode, visitorLanguage: readVisitorLanguage() }),
    );
  }, [isLogin, me.data, region.data]);
}
