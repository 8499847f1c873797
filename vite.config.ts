import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './server/http/precompress';
import { localeAssets } from './server/http/localeAssets';

const API_TARGET = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

/** The app's colours (src/styles/global.css `--bg`), for the launcher's splash and the status bar. */
const THEME_BG = '#0b0e14';

export default defineConfig({
  plugins: [
    react(),
    // The texts as static JSON under one hashed folder, fetched by src/i18n.ts (server/http/localeAssets.ts).
    localeAssets('locales'),
    // The installable app (docs/PLATFORM.md): the web manifest, and src/sw.ts built with the
    // precache list of this build injected. Registered by src/ui/pwa/registerServiceWorker.ts in
    // production builds only; `vite dev` gets no service worker (devOptions off).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        id: '/',
        name: 'Kestrel',
        short_name: 'Kestrel',
        description: 'Realtime crypto markets and trading',
        lang: 'en',
        dir: 'ltr',
        start_url: '/#/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME_BG,
        background_color: THEME_BG,
        categories: ['finance'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The app shell: every built script (pages included), style, font, icon and text file of
        // every language, so the app opens offline in any language. Not source maps, not banners
        // (content); the plugin adds the manifest itself.
        globPatterns: ['**/*.{js,css,html,woff2,svg,png}', 'assets/locales-*/*/*.json'],
        globIgnores: ['banners/**', 'nft-media/**'],
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies of every text file in dist/, served as they are (server/http/precompress.ts).
    precompress(),
  ],
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // bench/load.ts (B7) reads the chunk graph from dist/.vite/manifest.json to size each route's first load.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Every module the entry imports statically in the entry chunk itself: left to the default,
        // React, i18next, valtio and the texts' loader came as five more files the first route
        // waits for, each compressed on its own (bench/ B7: 2.6 KiB gzip less as one).
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
        // Content hashes alone: the entry lists every lazy page's chunks by name for the preload
        // (~340 names), so a name is paid for in the first route; the source maps keep the names.
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[hash][extname]',
      },
    },
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
