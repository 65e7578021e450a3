import { z } from 'zod';

/**
 * One signed-in session of the caller's account, as the devices page lists it (issue 30). Browser
 * and system are read from the User-Agent (null when unknown); `ip` is the address the server saw at
 * sign-in or at the latest refresh; `lastUsedAt` moves at most every few minutes.
 */
export const memberSession = z.object({
  sessionId: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip: z.string().nullable(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  /** The session this request was made with ("this device"). */
  current: z.boolean(),
});
export type MemberSession = z.infer<typeof memberSession>;

export const memberSessionList = z.array(memberSession);

export const sessionParams = z.object({ sessionId: z.uuid('invalid') });

/** How many sessions "sign out all other devices" ended. */
export const signedOutResponse = z.object({ count: z.number().int().min(0) });
export type SignedOutResponse = z.infer<typeof signedOutResponse>;
