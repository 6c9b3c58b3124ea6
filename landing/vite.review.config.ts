import { defineConfig } from 'vite'

// The customer review page (src/review/, docs/decisions.md D31, D62), built after the site (whose build empties
// dist/) into the same dist/. Its takeover draws a page of stars and a text box: the components are written against
// React's API but built with Preact's compatibility layer (about 5 KB gzip instead of react-dom's 60), so the script
// a cheap phone runs after the first paint stays small. The site and the dashboard keep React.
const PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
]

export default defineConfig({
  publicDir: false,
  resolve: { alias: PREACT },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    // The takeover is one chunk fetched when the phone is idle: nothing to preload, no polyfill in the entry.
    modulePreload: false,
    rollupOptions: { input: { review: `${import.meta.dirname}/review.html` } },
  },
})
