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
 * The app's own modules that `main.tsx` imports statically (the root layout, stores, the API
 * client), found by walking the module graph once it is built. Left to the bundler they became
 * eighteen small chunks, each compressed on its own; in one chunk with the shell libraries they
 * compress together and arrive in one request (docs/decisions.md › Performance).
 */
function eagerAppModules(): { plugin: Plugin; has: (id: string) => boolean } {
  const eager = new Set<string>();
  const plugin: Plugin = {
    name: 'teamline:eager-app-modules',
    apply: 'build',
    buildEnd() {
      const entry = [...this.getModuleIds()].find((id) => id.endsWith('/apps/web/src/main.tsx'));
      const walk = (id: string) => {
        if (eager.has(id)) return;
        eager.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next);
      };
      if (entry) walk(entry);
    },
  };
  return { plugin, has: (id) => eager.has(id) && id.includes('/apps/web/src/') };
}
const eagerApp = eagerAppModules();

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
  plugins: [react(), pureContractConstants(), eagerApp.plugin],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      output: {
        // One eager chunk: what main.tsx needs before the first render (see eagerAppModules).
        manualChunks: (id: string) => (shellLibraries.test(id) || eagerApp.has(id) ? 'shell' : undefined),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true, ws: true } },
  },
});
