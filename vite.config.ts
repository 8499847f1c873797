import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // bench/load.ts (B7) reads the chunk graph from dist/.vite/manifest.json to size each route's first load.
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': API_TARGET,
      '/uploads': API_TARGET,
      '/nft-media': API_TARGET,
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
});
