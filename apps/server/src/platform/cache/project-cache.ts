import type { EmbeddedClient } from '../../infra/pglite-thread.js';

/**
 * Answers about one project kept in memory on the embedded database, dropped when the database
 * notices that the project changed (its triggers notify after every committed change, whoever made
 * it, and PGlite hands the notice over before the committing statement returns). Queries and
 * transactions take turns on PGlite, so no read can see a change before its notice; a read that was
 * already on its way when a notice came is not kept (the generation check). `boundMs` bounds any
 * kept answer, should a notice ever go unheard. Used by the membership cache (authorization) and the
 * history cache.
 */
export function createProjectCache<V>(options: {
  boundMs: number;
  maxEntries: number;
  /** What a caller receives: a copy where callers may change their answer. */
  copy: (value: V) => V;
  /** Which answers are worth their memory (all when unset). */
  keeps?: (value: V) => boolean;
  now?: () => number;
}) {
  const { boundMs, maxEntries, copy, keeps = () => true, now = Date.now } = options;
  const entries = new Map<string, { projectIdx: number; value: V; checkedAt: number }>();
  let generation = 0;
  return {
    /** Drops every kept answer about the project. */
    forgetProject(projectIdx: number) {
      generation++;
      for (const [key, entry] of entries) if (entry.projectIdx === projectIdx) entries.delete(key);
    },
    forgetAll() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
    /**
     * The kept answer under `key` if fresh, else `read`'s: kept when it names its project (null
     * keeps nothing), `keeps` accepts it, and no notice came while it ran.
     */
    async get(key: string, read: () => Promise<{ projectIdx: number; value: V } | null>): Promise<V | null> {
      const entry = entries.get(key);
      if (entry && now() - entry.checkedAt < boundMs) return copy(entry.value);
      if (entry) entries.delete(key);
      const asked = generation;
      const answer = await read();
      if (!answer) return null;
      // A change heard while the read ran may postdate what it read: keep nothing then.
      if (asked === generation && keeps(answer.value)) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { projectIdx: answer.projectIdx, value: copy(answer.value), checkedAt: now() });
      }
      return answer.value;
    },
  };
}
/**
 * Starts hearing `channel`'s notices (payload: a project id; anything else drops every answer),
 * before any request is served; returns how to stop (a test's database may outlive its app).
 */
export function listenForProjectChanges(
  client: EmbeddedClient,
  channel: string,
  cache: Pick<ProjectCache<unknown>, 'forgetProject' | 'forgetAll'>,
) {
  return client.listen(channel, (payload) => {
    const projectIdx = Number(payload);
    if (payload !== '' && Number.isInteger(projectIdx)) cache.forgetProject(projectIdx);
    else cache.forgetAll();
  });
}

export type ProjectCache<V> = ReturnType<typeof createProjectCache<V>>;

/**
 * Where a module's cache of project data hears the database's notices (`ctx.projectCaches`, on the
 * embedded database only: undefined on PostgreSQL, where nothing is kept). A module builds its cache
 * and hands it to `hear` with its name and the channels that drop it; listening starts at once, and
 * `app.ts` awaits every listener (`listening()`) before serving and stops them on close. `size(name)`
 * says how many answers a cache keeps (tests).
 */
export function createProjectCaches(client: EmbeddedClient) {
  const caches = new Map<string, { size: number }>();
  const listeners: Promise<() => Promise<void>>[] = [];
  return {
    hear<C extends Pick<ProjectCache<unknown>, 'forgetProject' | 'forgetAll' | 'size'>>(
      name: string,
      cache: C,
      channels: string[],
    ): C {
      caches.set(name, cache);
      for (const channel of channels) listeners.push(listenForProjectChanges(client, channel, cache));
      return cache;
    },
    listening: () => Promise.all(listeners),
    size: (name: string) => caches.get(name)?.size,
  };
}
export type ProjectCaches = ReturnType<typeof createProjectCaches>;
