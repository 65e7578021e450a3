import type { MemberProfile } from '@teamline/contract';
import { describe, expect, it } from 'vitest';
import { createLocalPubSub } from '../../infra/pubsub.js';
import { createProfileCache, PROFILE_CACHE_MS } from './profile-cache.js';

const profile = (nickname: string) => ({ memberIdx: 1, nickname }) as MemberProfile;

describe('the profile cache', () => {
  it('reads the database once, then answers from memory until the entry expires', async () => {
    let clock = 0;
    const cache = createProfileCache(createLocalPubSub(), () => clock);
    let reads = 0;
    const read = async () => profile(`read ${++reads}`);
    expect((await cache.load(1, read)).nickname).toBe('read 1');
    expect((await cache.load(1, read)).nickname).toBe('read 1');
    clock = PROFILE_CACHE_MS;
    expect((await cache.load(1, read)).nickname).toBe('read 2');
    expect(reads).toBe(2);
  });

  it('a change on one instance drops the entry on every instance of the bus', async () => {
    const bus = createLocalPubSub();
    const here = createProfileCache(bus);
    const there = createProfileCache(bus);
    await here.load(1, async () => profile('old'));
    await there.load(1, async () => profile('old'));
    await here.forget(1);
    expect((await there.load(1, async () => profile('new'))).nickname).toBe('new');
    expect((await here.load(1, async () => profile('new'))).nickname).toBe('new');
  });

  it('a read that began before a change does not put its older answer back', async () => {
    const cache = createProfileCache(createLocalPubSub());
    let release!: () => void;
    const slowRead = cache.load(
      1,
      () => new Promise<MemberProfile>((resolve) => (release = () => resolve(profile('before the change')))),
    );
    await cache.forget(1);
    release();
    expect((await slowRead).nickname).toBe('before the change');
    expect((await cache.load(1, async () => profile('after the change'))).nickname).toBe('after the change');
  });

  it('marks its messages as internal, which the realtime plugin sends to no socket', async () => {
    const bus = createLocalPubSub();
    const seen: unknown[] = [];
    bus.subscribe((event) => seen.push(event));
    await createProfileCache(bus).forget(7);
    expect(seen).toEqual([expect.objectContaining({ memberIdx: 7, internal: true })]);
  });
});
