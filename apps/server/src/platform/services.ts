/**
 * Every service the app exposes, by name. Each domain module adds its own entries by declaration
 * merging in its `<domain>.module.ts`, so this file depends on no feature and no feature on app.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Services {}
