import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { availableParallelism } from 'node:os'

// The site (marketing, legal, add-business, auth, 404); the small customer review page is built after it by
// vite.review.config.ts (Preact in place of React) and the widget by vite.widget.config.ts, into the same dist/.
// The backend serves dist/ from the same origin as the API (`npm run dev` proxies /api to it, and serves
// review.html with React).
// Imports go through package.json `imports` (#site/*, #review/*): each alias lists `./src/<dir>/*` first, which
// Vite resolves by trying extensions, then `*.ts` and `*.tsx`, which TypeScript (no extension search) falls back to.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      input: {
        site: `${import.meta.dirname}/index.html`,
      },
    },
  },
  server: {
    port: 5174,
    proxy: { '/api': 'http://localhost:3333' },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    include: ['tests/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup.ts'],
    // Vitest's default, one worker fewer than the cores, is a single worker on a 2-core machine (CI): the main process
    // only hands out files and reports, so both cores run test files.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
})
