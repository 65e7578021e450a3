import { z } from 'zod';
import { secondFactorMethods } from '../rules/two-factor.js';
import { idx, int4, singleLine } from './common.js';

/**
 * WebAuthn JSON as the browser library (`@simplewebauthn/browser`) sends it; the server library
 * checks every field, so the contract only bounds the size and the shape's outline.
 */
const b64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'invalid');
export const passkeyAssertion = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertion>;

export const passkeyAttestation = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: z
      .string()
      .max(16_384)
      .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'invalid'),
    authenticatorData: b64url.optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    // A COSE algorithm id (-7 ES256, -257 RS256, -8 EdDSA): small, signed.
    publicKeyAlgorithm: int4.optional(),
    publicKey: b64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export type PasskeyAttestation = z.infer<typeof passkeyAttestation>;

/** A six-digit authenticator code (spaces typed between the groups are dropped). */
const totpCode = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'totpCode'));
/** A recovery code as printed (`abcde-fghij`); case, spaces and dashes do not matter. */
const recoveryCode = singleLine().min(1, 'required').max(40);

/** One proof of a second factor: at sign-in (with the challenge token) and at step-up. */
export const factorProof = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: totpCode }),
  z.object({ method: z.literal('recovery'), code: recoveryCode }),
  z.object({
    method: z.literal('passkey'),
    ticket: z.string().min(1).max(200),
    credential: passkeyAssertion,
  }),
]);
export type FactorProof = z.infer<typeof factorProof>;

/** `POST /auth/login/second-factor`: the password step's challenge token and the factor. */
export const secondFactorLoginRequest = z.intersection(
  z.object({ challengeToken: z.string().min(1).max(200) }),
  factorProof,
);
export type SecondFactorLoginRequest = z.input<typeof secondFactorLoginRequest>;

/** `POST /auth/step-up`: a factor, or the password for an account without a second factor. */
export const stepUpRequest = z.union([
  factorProof,
  z.object({ method: z.literal('password'), password: z.string().min(1, 'required').max(200) }),
]);
export type StepUpRequest = z.infer<typeof stepUpRequest>;

/** The details of `SECOND_FACTOR_REQUIRED` (after the password or an outside sign-in). */
export const secondFactorChallenge = z.object({
  challengeToken: z.string(),
  methods: z.array(z.enum(secondFactorMethods)),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallenge>;

/** The details of `STEP_UP_REQUIRED`: the proofs this account can give (empty: sign in again). */
export const stepUpChallenge = z.object({ methods: z.array(z.enum(secondFactorMethods)) });
export type StepUpChallenge = z.infer<typeof stepUpChallenge>;

/** WebAuthn options for the browser plus the ticket that names their challenge on the server. */
export const passkeyOptionsResponse = z.object({
  ticket: z.string(),
  // WebAuthn's PublicKeyCredential{Creation,Request}OptionsJSON, passed to the browser as they are.
  options: z.object({ challenge: z.string() }).loose(),
});
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponse>;
export const passkeyLoginOptionsRequest = z.object({ challengeToken: z.string().min(1).max(200) });
export const passkeyLoginRequest = z.object({
  ticket: z.string().min(1).max(200),
  credential: passkeyAssertion,
});

export const passkeySummary = z.object({
  passkeyIdx: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummary>;

/** A passkey added; the recovery codes come with the account's first factor only. */
export const passkeyRegistered = z.object({
  passkey: passkeySummary,
  recoveryCodes: z.array(z.string()).nullable(),
});
export type PasskeyRegistered = z.infer<typeof passkeyRegistered>;

/** `GET /two-factor`: what protects the caller's account. */
export const twoFactorStatus = z.object({
  totp: z.boolean(),
  passkeys: z.array(passkeySummary),
  recoveryCodesLeft: z.number().int(),
  hasPassword: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** `POST /two-factor/totp`: a new secret to scan, waiting for its first code. */
export const totpSetupResponse = z.object({ secret: z.string(), uri: z.string() });
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;
export const totpConfirmRequest = z.object({ code: totpCode });
/** New recovery codes, shown once (null: the account already had unused ones). */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()).nullable() });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

export const passkeyRegisterRequest = z.object({
  ticket: z.string().min(1).max(200),
  name: singleLine().trim().min(1, 'required').max(60),
  credential: passkeyAttestation,
});
export type PasskeyRegisterRequest = z.input<typeof passkeyRegisterRequest>;
export const passkeyParams = z.object({ passkeyIdx: idx });

/** The project setting "admins and clients must use two-factor". */
export const projectTwoFactorSetting = z.object({ required: z.boolean() });
export type ProjectTwoFactorSetting = z.infer<typeof projectTwoFactorSetting>;
