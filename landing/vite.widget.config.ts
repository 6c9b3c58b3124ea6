import { defineConfig } from 'vite'

// The website widget (src/widget/, docs/decisions.md D49): one minified IIFE, dist/widget/widget.js, with no
// dependencies, built after the pages (whose build empties dist/). The backend serves it as /w/{code}.js.
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist/widget',
    emptyOutDir: true,
    target: 'es2019',
    minify: true,
    sourcemap: false,
    lib: {
      entry: `${import.meta.dirname}/src/widget/main.ts`,
      formats: ['iife'],
      name: 'ReviewRouteWidget',
      fileName: () => 'widget.js',
    },
  },
})
