import {
  apiPaths,
  type AuthTokens,
  type FactorProof,
  type PasskeyOptionsResponse,
  type PasskeySummary,
  type ProjectTwoFactorSetting,
  type RecoveryCodesResponse,
  type StepUpRequest,
  type TotpSetupResponse,
  type TwoFactorStatus,
} from '@teamline/contract';
import { api } from '../../../lib/api';

/** The two-factor calls (docs/decisions.md "Two-factor sign-in"). */
export const twoFactorApi = {
  // Sign-in
  secondFactor: (challengeToken: string, proof: FactorProof) =>
    api<AuthTokens>(apiPaths.authLoginSecondFactor, { method: 'POST', body: { challengeToken, ...proof } }),
  secondFactorPasskeyOptions: (challengeToken: string) =>
    api<PasskeyOptionsResponse>(apiPaths.authLoginSecondFactorPasskey, {
      method: 'POST',
      body: { challengeToken },
    }),
  passkeyLoginOptions: () => api<PasskeyOptionsResponse>(apiPaths.authPasskeyOptions, { method: 'POST' }),
  passkeyLogin: (ticket: string, credential: unknown) =>
    api<AuthTokens>(apiPaths.authLoginPasskey, { method: 'POST', body: { ticket, credential } }),
  // Step-up
  stepUp: (body: StepUpRequest) => api<unknown>(apiPaths.authStepUp, { method: 'POST', body }),
  stepUpPasskeyOptions: () => api<PasskeyOptionsResponse>(apiPaths.authStepUpPasskey, { method: 'POST' }),
  // One's own factors
  status: () => api<TwoFactorStatus>(apiPaths.twoFactor),
  startTotp: () => api<TotpSetupResponse>(apiPaths.twoFactorTotp, { method: 'POST' }),
  confirmTotp: (code: string) =>
    api<RecoveryCodesResponse>(apiPaths.twoFactorTotpConfirm, { method: 'POST', body: { code } }),
  removeTotp: () => api<unknown>(apiPaths.twoFactorTotp, { method: 'DELETE' }),
  regenerateCodes: () => api<RecoveryCodesResponse>(apiPaths.twoFactorRecoveryCodes, { method: 'POST' }),
  passkeyOptions: () => api<PasskeyOptionsResponse>(apiPaths.twoFactorPasskeyOptions, { method: 'POST' }),
  registerPasskey: (body: { ticket: string; name: string; credential: unknown }) =>
    api<{ passkey: PasskeySummary; recoveryCodes: string[] | null }>(apiPaths.twoFactorPasskey, {
      method: 'POST',
      body,
    }),
  removePasskey: (passkeyIdx: number) =>
    api<unknown>(apiPaths.twoFactorPasskeyOne(passkeyIdx), { method: 'DELETE' }),
  // The project setting
  projectSetting: (projectIdx: number) => api<ProjectTwoFactorSetting>(apiPaths.projectTwoFactor(projectIdx)),
  setProjectSetting: (projectIdx: number, required: boolean) =>
    api<ProjectTwoFactorSetting>(apiPaths.projectTwoFactor(projectIdx), {
      method: 'PUT',
      body: { required },
    }),
};

export const twoFactorKey = ['two-factor'] as const;
