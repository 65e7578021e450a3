import { type FactorProof, type StepUpRequest } from '@teamline/contract';
import { api } from '../../../lib/api';

/** The two-factor calls (docs/decisions.md "Two-factor sign-in"). */
export const twoFactorApi = {
  // Sign-in
  secondFactor: (challengeToken: string, proof: FactorProof) =>
    api.post('authLoginSecondFactor', { body: { challengeToken, ...proof } }),
  secondFactorPasskeyOptions: (challengeToken: string) =>
    api.post('authLoginSecondFactorPasskey', { body: { challengeToken } }),
  passkeyLoginOptions: () => api.post('authPasskeyOptions'),
  passkeyLogin: (ticket: string, credential: unknown) =>
    api.post('authLoginPasskey', { body: { ticket, credential } }),
  // Step-up
  stepUp: (body: StepUpRequest) => api.post('authStepUp', { body }),
  stepUpPasskeyOptions: () => api.post('authStepUpPasskey'),
  // One's own factors
  status: () => api.get('twoFactor'),
  startTotp: () => api.post('twoFactorTotp'),
  confirmTotp: (code: string) => api.post('twoFactorTotpConfirm', { body: { code } }),
  removeTotp: () => api.delete('twoFactorTotp'),
  regenerateCodes: () => api.post('twoFactorRecoveryCodes'),
  passkeyOptions: () => api.post('twoFactorPasskeyOptions'),
  registerPasskey: (body: { ticket: string; name: string; credential: unknown }) =>
    api.post('twoFactorPasskey', { body }),
  removePasskey: (passkeyIdx: number) => api.delete(['twoFactorPasskeyOne', passkeyIdx]),
  // The project setting
  projectSetting: (projectIdx: number) => api.get(['projectTwoFactor', projectIdx]),
  setProjectSetting: (projectIdx: number, required: boolean) =>
    api.put(['projectTwoFactor', projectIdx], { body: { required } }),
};

export const twoFactorKey = ['two-factor'] as const;
