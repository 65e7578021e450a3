import { renderMail } from '../../infra/mail.js';
import type { AppContext } from '../../shared/context.js';
import { sha256 } from '../../shared/crypto.js';
import { resources } from '@teamline/contract/i18n';
import type { MemberRepository } from '../account-store/member.repository.js';
import type { SessionClient } from './device-cookie.js';
import { createSessionRepository } from './session.repository.js';
import { describeUserAgent } from './user-agent.js';

/**
 * The mail "your account signed in from a new browser": sent when an account that has signed in
 * before signs in from a browser whose device mark none of its sessions carried (device-cookie.ts).
 * An account's first session (the join) mails nothing. Called before the session is stored, so a
 * crash in between can repeat the mail but never lose it; the mail is a queued job (outside any
 * transaction), in the member's language. Answers whether the browser was new (the sign-in's audit
 * record says so).
 */
export function createNewBrowserNotice(ctx: AppContext, members: Pick<MemberRepository, 'findActiveById'>) {
  const sessions = createSessionRepository(ctx.database.db);
  return async function noteSignIn(memberIdx: number, client: SessionClient): Promise<boolean> {
    const prior = await sessions.priorSignIns(memberIdx, sha256(client.device));
    if (!prior.any || prior.fromDevice) return false;
    const member = await members.findActiveById(memberIdx);
    if (!member) return false;
    const texts = resources[member.lang].mail.newBrowser;
    const { browser, os } = describeUserAgent(client.userAgent);
    const at = ctx.clock.now().toISOString();
    await ctx.mailer.send(
      renderMail('newBrowser', member.lang, member.email, `${ctx.config.publicUrl}/#/profile`, {
        browser: browser ?? texts.unknownBrowser,
        os: os ?? texts.unknownOs,
        ip: client.ip,
        time: `${at.slice(0, 10)} ${at.slice(11, 16)} UTC`,
      }),
    );
    return true;
  };
}
export type NewBrowserNotice = ReturnType<typeof createNewBrowserNotice>;
