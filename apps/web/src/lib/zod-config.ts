// The Content-Security-Policy forbids eval; zod's JIT would try `new Function` and log a violation.
// zod takes its settings from `globalThis.__zod_globalConfig` when it loads (so that copies of zod
// share them). Setting them there, instead of through `z.config`, keeps zod out of the entry: it
// comes with the routes that validate. zod-config.test.ts checks that zod still reads it.
declare global {
  var __zod_globalConfig: Record<string, unknown> | undefined;
}
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
