import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver fetched on first use: a page whose form is the first thing a visitor sees (login)
 * renders without zod and the contract's schemas, which arrive while the visitor types (the fetch
 * starts once the page is idle) or at the latest on the first validation.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let loading: Promise<Resolver<T>> | null = null;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null; // a failed fetch (offline, new deploy) is tried again on the next validation
      throw error;
    }));
  if (typeof window !== 'undefined') {
    // Safari has no requestIdleCallback: a short timeout stands in for it there.
    const idle = (run: () => void): void => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run);
      else setTimeout(run, 200);
    };
    idle(() => void get().catch(() => undefined));
  }
  return async (values, context, options) => (await get())(values, context, options);
}
