import { zodResolver } from '@hookform/resolvers/zod';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyResolver } from './lazy-resolver';

const schema = z.object({ email: z.string().email('emailFormat') });
type Form = z.input<typeof schema>;
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Form>;

describe('lazyResolver', () => {
  it('loads the real resolver once, and validates like it', async () => {
    const load = vi.fn(async () => zodResolver(schema));
    const resolver = lazyResolver<Form>(load);
    const bad = await resolver({ email: 'nope' }, undefined, options);
    expect(bad.errors.email?.message).toBe('emailFormat');
    const good = await resolver({ email: 'a@b.co' }, undefined, options);
    expect(good.values).toEqual({ email: 'a@b.co' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again on the next validation when the chunk failed to load', async () => {
    let attempts = 0;
    const resolver = lazyResolver<Form>(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('ChunkLoadError');
      return zodResolver(schema);
    });
    await expect(resolver({ email: 'a@b.co' }, undefined, options)).rejects.toThrow('ChunkLoadError');
    const good = await resolver({ email: 'a@b.co' }, undefined, options);
    expect(good.values).toEqual({ email: 'a@b.co' });
  });
});
