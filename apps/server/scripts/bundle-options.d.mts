import type { BuildOptions } from 'esbuild';

/** esbuild's options for one entry point of the server compiled to `outfile` (bundle-options.mjs). */
export declare const bundleOptions: (entryPoint: string, outfile: string) => BuildOptions;
