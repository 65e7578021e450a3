import { defineModule } from '../../platform/module.js';
import { createTokenCipher, secretKeyOf } from '../github/token-cipher.js';
import { createMemberRepository } from '../account-store/member.repository.js';
import { createRecoveryCodeHasher } from './recovery-codes.js';
import { relyingPartyOf } from './relying-party.js';
import { signInRoutes } from './sign-in.routes.js';
import { createSignInService, type SignInService } from './sign-in.service.js';
import { twoFactorRoutes } from './two-factor.routes.js';
import { createTwoFactorRepository } from './two-factor.repository.js';
import { createTwoFactorService, type TwoFactorService } from './two-factor.service.js';
import { createWrongEntries } from './wrong-entries.js';

declare module '../../platform/services.js' {
  interface Services {
    /** One's own factors and the project setting (docs/decisions.md "Two-factor sign-in"). */
    twoFactor: TwoFactorService;
    /** The second step of sign-in and the step-up of sensitive calls. */
    signInFactor: SignInService;
  }
}

/** Two-factor sign-in: authenticator apps (TOTP), passkeys (WebAuthn), recovery codes, step-up. */
export const twoFactorModule = defineModule({
  name: 'two-factor',
  services: ({ ctx, services }) => {
    const db = ctx.database.db;
    const repo = createTwoFactorRepository(db);
    const memberRepo = createMemberRepository(db);
    // The secrets of authenticator apps are sealed like GitHub tokens, with SECRET_KEY.
    const secret = () => secretKeyOf(ctx.config);
    const cipher = createTokenCipher(secret);
    const hashRecoveryCode = createRecoveryCodeHasher(secret);
    const rp = relyingPartyOf(ctx.config);
    const wrong = createWrongEntries(repo, () => ctx.clock.now());
    return {
      twoFactor: createTwoFactorService({
        ctx,
        db,
        repo,
        memberRepo,
        authz: services.authz,
        cipher,
        hashRecoveryCode,
        rp,
        wrong,
      }),
      signInFactor: createSignInService({
        ctx,
        repo,
        memberRepo,
        auth: services.auth,
        cipher,
        hashRecoveryCode,
        rp,
        wrong,
      }),
    };
  },
  routes: async (app) => {
    await app.register(signInRoutes);
    await app.register(twoFactorRoutes);
  },
});
