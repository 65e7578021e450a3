import type { Actor } from '../../shared/context.js';

/** How long a checked access key is believed without asking the database again. */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  actor: Actor;
  expiresAt: Date;
  checkedAt: number;
}

/**
 * Access keys this instance checked in the last few seconds, so a busy client does not cost a
 * three-table lookup per request. Only good answers are kept (an unknown key always asks the
 * database), the key's own expiry is still checked on every use, and every revocation made through
 * this instance (logout, reuse of a refresh token, password reset, withdrawal) drops the entries it
 * ends at once. A revocation made on another instance is seen here within SESSION_CACHE_MS.
 */
export function createSessionCache(now: () => Date) {
  const entries = new Map<string, Entry>();
  return {
    get(tokenHash: string): Actor | null {
      const entry = entries.get(tokenHash);
      if (!entry) return null;
      const at = now();
      if (entry.expiresAt <= at || at.getTime() - entry.checkedAt >= SESSION_CACHE_MS) {
        entries.delete(tokenHash);
        return null;
      }
      return entry.actor;
    },
    set(tokenHash: string, actor: Actor, expiresAt: Date) {
      if (entries.size >= MAX_ENTRIES) {
        // Expired entries first; if every entry is fresh, the oldest one.
        const at = now().getTime();
        for (const [key, entry] of entries) if (at - entry.checkedAt >= SESSION_CACHE_MS) entries.delete(key);
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      }
      entries.set(tokenHash, { actor, expiresAt, checkedAt: now().getTime() });
    },
    forgetFamily(familyId: string) {
      for (const [key, entry] of entries) if (entry.actor.familyId === familyId) entries.delete(key);
    },
    forgetMember(memberIdx: number) {
      for (const [key, entry] of entries) if (entry.actor.memberIdx === memberIdx) entries.delete(key);
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
