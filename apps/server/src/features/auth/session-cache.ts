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
 * database), the key's own expiry is still checked on every use, and every revocation (logout, reuse
 * of a refresh token, password reset or change, withdrawal, the devices page) drops the entries it
 * ends at once, here and — through the pub/sub, Redis with several instances — on every other
 * instance (auth.service.ts, SESSIONS_REVOKED). SESSION_CACHE_MS bounds the rest: an instance that
 * missed a message (Redis away for a moment) believes a revoked key at most that long.
 *
 * `generation` moves at each forget, so a lookup that began before a revocation and ends after it
 * does not put the revoked session back (`set` with the generation read before the lookup).
 *
 * Entries are keyed by the access key as the client sent it, not by its SHA-256: hashing it was 4 %
 * of an authenticated light read's CPU (issue 35), and a hit needs no hash. The database only ever
 * holds the hash; a key stays in this process's memory at most SESSION_CACHE_MS after its last
 * check (or until 10,000 newer ones push it out), and revocations find entries by family or
 * member, never by key.
 */
export function createSessionCache(now: () => Date) {
  const entries = new Map<string, Entry>();
  let generation = 0;
  return {
    /** Read before a database lookup, passed to `set` after it. */
    generation: () => generation,
    get(accessKey: string): Actor | null {
      const entry = entries.get(accessKey);
      if (!entry) return null;
      const at = now();
      if (entry.expiresAt <= at || at.getTime() - entry.checkedAt >= SESSION_CACHE_MS) {
        entries.delete(accessKey);
        return null;
      }
      return entry.actor;
    },
    set(accessKey: string, actor: Actor, expiresAt: Date, since: number) {
      // A revocation landed while the row was read: the answer may be stale, keep nothing.
      if (since !== generation) return;
      if (entries.size >= MAX_ENTRIES) {
        // Expired entries first; if every entry is fresh, the oldest one.
        const at = now().getTime();
        for (const [key, entry] of entries) if (at - entry.checkedAt >= SESSION_CACHE_MS) entries.delete(key);
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      }
      entries.set(accessKey, { actor, expiresAt, checkedAt: now().getTime() });
    },
    forgetFamily(familyId: string) {
      generation++;
      for (const [key, entry] of entries) if (entry.actor.familyId === familyId) entries.delete(key);
    },
    forgetMember(memberIdx: number) {
      generation++;
      for (const [key, entry] of entries) if (entry.actor.memberIdx === memberIdx) entries.delete(key);
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
