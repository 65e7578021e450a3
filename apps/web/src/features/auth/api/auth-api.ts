import {
  API_BASE,
  apiPaths,
  type AuthTokens,
  type EmailPurpose,
  type JoinGeneralRequest,
  type JoinRequest,
  type Language,
  type OauthLoginRequest,
  type OauthLoginResponse,
} from '@teamline/contract';
import { api } from '../../../lib/api';

export const authApi = {
  config: () => api<{ google: boolean }>(apiPaths.authConfig),
  region: () => api<{ isoCode: string }>(apiPaths.region),
  sendEmail: (email: string, purpose: EmailPurpose, lang?: Language) =>
    api<unknown>(apiPaths.authEmail, { method: 'POST', body: { email, purpose, lang } }),
  verifyEmail: (token: string) =>
    api<{ email: string; verifiedToken: string }>(apiPaths.authEmailVerify, {
      method: 'POST',
      body: { token },
    }),
  loginGeneral: (email: string, password: string) =>
    api<AuthTokens>(apiPaths.authLoginGeneral, { method: 'POST', body: { email, password } }),
  /** Mails a one-time sign-in link; answered alike whether or not the address has an account. */
  sendSignInLink: (email: string) =>
    api<unknown>(apiPaths.authLoginLink, { method: 'POST', body: { email } }),
  signInWithLink: (token: string) =>
    api<AuthTokens>(apiPaths.authLoginLinkVerify, { method: 'POST', body: { token } }),
  joinGeneral: (body: JoinGeneralRequest) =>
    api<AuthTokens>(apiPaths.memberJoinGeneral, { method: 'POST', body }),
  /** The browser goes to the issuer through the server (GET /auth/oauth/google redirects). */
  oauthStartUrl: () => `${API_BASE}${apiPaths.authOauth('google')}`,
  oauthLogin: (body: OauthLoginRequest) =>
    api<OauthLoginResponse>(apiPaths.authLogin, { method: 'POST', body }),
  oauthLink: (linkToken: string, password: string) =>
    api<AuthTokens>(apiPaths.authOauthLink, { method: 'POST', body: { linkToken, password } }),
  join: (body: JoinRequest) => api<AuthTokens>(apiPaths.memberJoin, { method: 'POST', body }),
  logout: () => api<unknown>(apiPaths.authLogout, { method: 'POST' }),
  findId: (name: string, phone: string) =>
    api<{ email: string }>(apiPaths.memberFindId, { method: 'POST', body: { name, phone } }),
  findPassword: (email: string) =>
    api<unknown>(apiPaths.memberFindPassword, { method: 'POST', body: { email } }),
  resetPassword: (token: string, password: string) =>
    api<unknown>(apiPaths.memberPasswordReset, { method: 'POST', body: { token, password } }),
};
