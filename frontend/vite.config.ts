import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// The owner dashboard. The backend serves dist/index.html for the dashboard routes and dist/dashboard-assets/*
// (the landing bundle owns /assets/*), all from the API's origin; `npm run dev` proxies /api to it.
// Imports go through package.json `imports` (#components/*, …): each alias lists `./src/<dir>/*` first, which
// Vite resolves by trying extensions, then `*.ts` and `*.tsx`, which TypeScript (no extension search) falls back to.
export default defineConfig({
  plugins: [react()],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'dashboard-assets',
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5175,
    proxy: { '/api': 'http://localhost:3333' },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    include: ['tests/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup.ts'],
    // Refine's packages would otherwise load react-router's CommonJS build next to our ESM one: two routers.
    server: { deps: { inline: [/@refinedev\//] } },
  },
})
