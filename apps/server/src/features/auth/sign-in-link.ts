import { SIGN_IN_LINK_TTL_MINUTES } from '@teamline/contract';
import { renderMail } from '../../infra/mail.js';
import { AppError } from '../../shared/app-error.js';
import type { AppContext } from '../../shared/context.js';
import type { EmailTokenPurpose } from '../../db/schema/member.js';
import type { MemberRepository, MemberRow } from '../account-store/member.repository.js';

interface SignInLinkDeps {
  memberRepo: MemberRepository;
  issueEmailToken(email: string, purpose: EmailTokenPurpose, ttlMinutes: number): Promise<string>;
  consumeEmailToken(token: string, purpose: EmailTokenPurpose): Promise<{ email: string } | null>;
  /** The link proves the first factor as a right password does (the login throttle's wait ends). */
  firstFactorProven(member: MemberRow): Promise<void>;
}

/**
 * A mailed one-time sign-in link (issue 30): lets the owner in at once from any browser, whatever
 * a stranger's wrong passwords started. The token is 32 random bytes stored as its SHA-256, works
 * once, for SIGN_IN_LINK_TTL_MINUTES. Asking for one answers the same whether or not the address
 * has an account (nothing is sent to an unknown one), so it tells nobody who is registered; how
 * often one may ask is limited per client address and per e-mail (plugins/rate-limits.ts).
 */
export function createSignInLinks(ctx: AppContext, deps: SignInLinkDeps) {
  return {
    /** Mails a link to an account's address, in the account's language. */
    async send(email: string): Promise<void> {
      const member = await deps.memberRepo.findActiveByEmail(email);
      if (!member) return;
      const token = await deps.issueEmailToken(email, 'signIn', SIGN_IN_LINK_TTL_MINUTES);
      const link = `${ctx.config.publicUrl}/#/login/link?token=${token}`;
      await ctx.mailer.send(
        renderMail('signInLink', member.lang, email, link, { minutes: SIGN_IN_LINK_TTL_MINUTES }),
      );
    },

    /**
     * Uses the link up and answers its owner, proven as a right password would prove them; the
     * route then signs in through `signInFactor.completeSignIn`, so a second factor is still asked.
     */
    async verify(token: string): Promise<number> {
      const row = await deps.consumeEmailToken(token, 'signIn');
      const member = row ? await deps.memberRepo.findActiveByEmail(row.email) : null;
      if (!member) throw new AppError('SIGN_IN_LINK_INVALID');
      await deps.firstFactorProven(member);
      return member.memberIdx;
    },
  };
}
