import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  // plugin-react's types resolve against the root's newer vite (pulled in by vitest); same runtime API.
  plugins: [react() as unknown as PluginOption],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true, ws: true } },
  },
});
