import type { BuildOptions } from 'esbuild';

/** esbuild's options for one entry point of the server compiled to `outfile` (bundle-options.mjs). */
export declare const bundleOptions: (entryPoint: string, outfile: string) => BuildOptions;

/** Compiles one entry point to `outfile`, with the embedded database's thread file beside it. */
export declare function bundleServer(entryPoint: string, outfile: string): Promise<void>;
