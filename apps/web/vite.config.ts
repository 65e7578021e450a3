import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const chartLibraries =
  /node_modules\/(recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|redux|redux-thunk|react-redux|immer|reselect|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant)\//;

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Libraries change less often than the app: a separate chunk stays cached across deploys.
        manualChunks: (id: string) => {
          if (!id.includes('node_modules')) return undefined;
          // The chart library and its own dependencies stay with the lazy dashboard route.
          if (chartLibraries.test(id)) return undefined;
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/zod/')) return 'zod';
          return 'vendor';
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true, ws: true } },
  },
});
