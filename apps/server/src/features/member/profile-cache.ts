import type { MemberProfile } from '@teamline/contract';
import type { PubSub } from '../../infra/pubsub.js';

/** How long a member's own profile is believed without asking the database again. */
export const PROFILE_CACHE_MS = 60_000;
const MAX_ENTRIES = 10_000;
/** The pubsub message that tells every instance a member's profile changed. */
export const PROFILE_CHANGED = 'member.profileChanged';

interface Entry {
  profile: MemberProfile;
  at: number;
}

/**
 * `GET /member` (every page load asks it) answered from memory: with the access key already
 * cached, a read of the member row was the request's only database statement, and on PGlite each
 * statement costs the main thread 1–3 ms whatever it does (docs/decisions.md › Performance).
 *
 * Every change of a member row goes through the member service, which calls `forget` after the
 * change is stored; `forget` drops the entry here and, through the pubsub (Redis when several
 * instances run), on every other instance. A read that began before a change cannot put its older
 * answer back: `load` keeps what it read only if nothing was forgotten meanwhile. Entries also
 * expire after PROFILE_CACHE_MS, should an instance miss a message.
 */
export function createProfileCache(pubsub: PubSub, now: () => number = Date.now) {
  const entries = new Map<number, Entry>();
  let generation = 0;

  const drop = (memberIdx: number) => {
    generation++;
    entries.delete(memberIdx);
  };
  const unsubscribe = pubsub.subscribe((event) => {
    if (event.type === PROFILE_CHANGED && event.memberIdx !== undefined) drop(event.memberIdx);
  });

  return {
    /** The cached profile, or `read()`'s answer (kept unless a change raced it). */
    async load(memberIdx: number, read: () => Promise<MemberProfile>): Promise<MemberProfile> {
      const entry = entries.get(memberIdx);
      if (entry && now() - entry.at < PROFILE_CACHE_MS) return entry.profile;
      const started = generation;
      const profile = await read();
      if (generation === started) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(memberIdx, { profile, at: now() });
      }
      return profile;
    },
    /** After a member row changed: drop it here and on every other instance. */
    async forget(memberIdx: number): Promise<void> {
      drop(memberIdx);
      await pubsub.publish({
        type: PROFILE_CHANGED,
        projectIdx: 0,
        memberIdx,
        payload: null,
        internal: true,
      });
    },
    close: unsubscribe,
  };
}
export type ProfileCache = ReturnType<typeof createProfileCache>;
