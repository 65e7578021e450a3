import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Libraries every page needs before its first render (the app shell, routing, server state,
 * translations). Anything else (zod, forms, drag and drop, virtual lists, charts) is left to the
 * bundler, which puts it with the lazy routes that import it.
 */
const shellLibraries =
  /node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/(react-query|query-core)|i18next|react-i18next|html-parse-stringify|void-elements|zustand|use-sync-external-store)\//;

/**
 * Two groups of the app's own modules, found by walking the module graph once it is built (static
 * imports only), each made one chunk so it compresses as a whole and arrives in one request
 * (docs/decisions.md › Performance):
 * - `shell`: what `main.tsx` imports (the root layout, stores, the API client) with the shell
 *   libraries. Left to the bundler they became eighteen small chunks, each compressed on its own.
 * - `chrome`: the header and left menu (`app/AppChrome.tsx`) with what it imports that the shell
 *   does not hold. Every page behind sign-in loads all of it beside its own chunk; left to the
 *   bundler it was eleven chunks of 0.1–4 KB (7.8 KB compressed one by one, 6.1 KB as one chunk).
 *   Libraries it reaches stay with the bundler, which shares them with the routes that use them.
 */
function appChunks(): { plugin: Plugin; chunkOf: (id: string) => 'shell' | 'chrome' | undefined } {
  const eager = new Set<string>();
  const chrome = new Set<string>();
  const plugin: Plugin = {
    name: 'teamline:app-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const walk = (id: string | undefined, into: Set<string>, skip: (id: string) => boolean) => {
        if (!id || into.has(id) || skip(id)) return;
        into.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next, into, skip);
      };
      walk(
        ids.find((id) => id.endsWith('/apps/web/src/main.tsx')),
        eager,
        () => false,
      );
      walk(
        ids.find((id) => id.endsWith('/apps/web/src/app/AppChrome.tsx')),
        chrome,
        (id) => eager.has(id) || id.includes('/node_modules/'),
      );
    },
  };
  const chunkOf = (id: string) => {
    if (shellLibraries.test(id) || (eager.has(id) && id.includes('/apps/web/src/'))) return 'shell';
    return chrome.has(id) ? 'chrome' : undefined;
  };
  return { plugin, chunkOf };
}
const app = appChunks();

/**
 * The contract's modules declare constants next to zod schemas (`storyStatuses` beside
 * `storySchema`). A module-level call looks like a side effect to the bundler, so a page that needs
 * one constant would carry every schema of the module and all of zod. The contract has no
 * module-level side effects (package.json `sideEffects: false`), so each top-level `const` whose
 * value is computed by a call is marked pure here: unused schemas, and zod with them, drop out.
 */
function pureContractConstants(): Plugin {
  return {
    name: 'teamline:pure-contract-constants',
    enforce: 'post',
    apply: 'build',
    transform(code, id) {
      if (!/\/packages\/contract\/src\/(?!i18n\/).*\.ts$/.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const edits: { start: number; end: number }[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations ?? []) {
          if (init && /^(Call|New|Member|TaggedTemplate)Expression$/.test(init.type)) edits.push(init);
        }
      }
      if (edits.length === 0) return null;
      let out = code;
      for (const { start, end } of edits.reverse()) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}

interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), pureContractConstants(), app.plugin],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      output: {
        // The eager chunk and the signed-in frame's chunk (see appChunks). Each group also takes
        // the modules its own modules import; the shell's goes first, so the frame's holds none of them.
        codeSplitting: {
          groups: [
            { name: 'shell', test: (id: string) => app.chunkOf(id) === 'shell', priority: 2 },
            { name: 'chrome', test: (id: string) => app.chunkOf(id) === 'chrome', priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true, ws: true } },
  },
});
