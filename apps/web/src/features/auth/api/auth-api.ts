import {
  API_BASE,
  apiPaths,
  type EmailPurpose,
  type JoinGeneralRequest,
  type JoinRequest,
  type Language,
  type OauthLoginRequest,
} from '@teamline/contract';
import { api } from '../../../lib/api';

export const authApi = {
  config: () => api.get('authConfig'),
  region: () => api.get('region'),
  sendEmail: (email: string, purpose: EmailPurpose, lang?: Language) =>
    api.post('authEmail', { body: { email, purpose, lang } }),
  verifyEmail: (token: string) => api.post('authEmailVerify', { body: { token } }),
  loginGeneral: (email: string, password: string) =>
    api.post('authLoginGeneral', { body: { email, password } }),
  /** Mails a one-time sign-in link; answered alike whether or not the address has an account. */
  sendSignInLink: (email: string) => api.post('authLoginLink', { body: { email } }),
  signInWithLink: (token: string) => api.post('authLoginLinkVerify', { body: { token } }),
  joinGeneral: (body: JoinGeneralRequest) => api.post('memberJoinGeneral', { body }),
  /** The browser goes to the issuer through the server (GET /auth/oauth/google redirects). */
  oauthStartUrl: () => `${API_BASE}${apiPaths.authOauth('google')}`,
  oauthLogin: (body: OauthLoginRequest) => api.post('authLogin', { body }),
  oauthLink: (linkToken: string, password: string) =>
    api.post('authOauthLink', { body: { linkToken, password } }),
  join: (body: JoinRequest) => api.post('memberJoin', { body }),
  logout: () => api.post('authLogout'),
  findId: (name: string, phone: string) => api.post('memberFindId', { body: { name, phone } }),
  findPassword: (email: string) => api.post('memberFindPassword', { body: { email } }),
  resetPassword: (token: string, password: string) =>
    api.post('memberPasswordReset', { body: { token, password } }),
};
