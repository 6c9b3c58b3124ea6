import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { ASSETS_PREFIX, SERVICE_WORKER_URL, serviceWorker } from './src/providers/service-worker'
import { PIECES_ID } from './src/first-paint/pieces'
import { directBarrelImports } from './tests/setup-direct-imports'

/**
 * providers/early-start.ts is an entry of its own (build.rollupOptions.input), the first tag of index.html's head:
 * an async, high-priority module script, so it runs as soon as it has downloaded (docs/architecture.md#dashboard-on-a-phone). Bundled into the
 * app's entry it would wait for every chunk of the app to download and run; later in the head it would queue behind
 * the app's chunks for a connection.
 * Its `data-preload` names, per route, the chunks that route's first screen loads once the app has started (its lazy
 * page, the header's lazy parts); early-start.ts preloads them on that route, so they download with the app's own
 * chunks instead of after the app has run. Written into the HTML, never into a hashed chunk, so a chunk's name always
 * changes with its content.
 */
const EARLY_START = 'src/providers/early-start.ts'
/** The first paint's code: an entry too, which the early script imports by the address in its `data-first-paint`. */
const FIRST_PAINT = 'src/first-paint/first-paint.ts'

/**
 * The test files that need modules of their own: those that mock a module (`vi.mock` takes effect only where the module
 * is first imported) and those that say so with `isolated test file` in a comment (module state such as an in-flight
 * check). The others share one module graph per worker (`isolate: false`): antd, Refine and the app are imported and
 * compiled once per worker instead of once per file, which halves the suite's time.
 */
const TEST_FILE = /\.test\.tsx?$/
const isolatedTestFiles = readdirSync(new URL('tests', import.meta.url), { recursive: true, encoding: 'utf8' })
  .filter((file) => TEST_FILE.test(file))
  .map((file) => `tests/${file}`)
  .filter((file) => /\bvi\.(do)?mock\(|isolated test file/.test(readFileSync(new URL(file, import.meta.url), 'utf8')))

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')

/** Puts `markup` right after index.html's `<meta charset>`, which has to stay within the first 1024 bytes. */
function afterCharset(html: string, markup: string) {
  const charset = /<meta charset="UTF-8" \/>\n?/.exec(html)
  if (!charset) throw new Error('index.html has no <meta charset="UTF-8" />')
  const at = charset.index + charset[0].length
  return `${html.slice(0, at)}    ${markup}\n${html.slice(at)}`
}
/**
 * The first paint's code (src/first-paint/first-paint.ts) and the small modules it shares with the app: a chunk of
 * their own, which the early script loads and the app imports. In the app's first chunk they would make the early
 * script wait for all of the app. earlyStart() fails the build when the first paint's chunk imports another.
 */
const FIRST_PAINT_MODULES =
  /\/frontend\/src\/(first-paint\/(first-paint|pieces|dismiss)|lib\/(access|business-label|greeting|overview-texts|projections|ratings|selected-business|verification)|config\/constants)\.ts$|\/web-shared\/src\/(constants|format)\.ts$|\/backend\/contract\/(product_rules|vocabulary)\.ts$/

const FIRST_SCREENS: Record<string, string[]> = {
  '/dashboard': ['src/pages/dashboard/index.tsx', 'src/components/layout/business-selector.tsx'],
}

function earlyStart(): Plugin {
  return {
    name: 'reviewroute-early-start',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return afterCharset(html, `<script type="module" async src="/${EARLY_START}"></script>`)
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk')
        const byModule = (suffix: string) => {
          const chunk =
            chunks.find((candidate) => candidate.facadeModuleId?.endsWith(`/${suffix}`)) ??
            chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(`/${suffix}`)))
          if (!chunk) throw new Error(`early start: no chunk for ${suffix}`)
          return chunk
        }
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
        const closure = (start: string[], into = new Set<string>()) => {
          for (const name of start) {
            if (into.has(name)) continue
            into.add(name)
            closure(byFile.get(name)?.imports ?? [], into)
          }
          return into
        }
        const loaded = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName))
        const preload = Object.fromEntries(
          Object.entries(FIRST_SCREENS).map(([path, modules]) => {
            const files = [...closure(modules.map((module) => byModule(module).fileName))].filter((name) => !loaded.has(name))
            const css = files.flatMap((name) => [...(byFile.get(name)?.viteMetadata?.importedCss ?? [])])
            return [path, [...files, ...css].map((file) => `/${file}`)]
          })
        )
        const firstPaint = byModule(FIRST_PAINT)
        if (firstPaint.imports.length || byModule(EARLY_START).imports.length)
          throw new Error(
            `early start: the early script and the first paint must load nothing else first (${[...firstPaint.imports, ...byModule(EARLY_START).imports].join(', ')})`
          )
        // early-start.ts calls it by this name; a chunk without it would fail silently at run time.
        if (!firstPaint.exports.includes('paintFirstScreen'))
          throw new Error('early start: the first paint chunk does not export paintFirstScreen')
        const src = `/${byModule(EARLY_START).fileName}`
        const preloads = escapeAttribute(JSON.stringify(preload))
        return afterCharset(
          html,
          `<script type="module" async fetchpriority="high" crossorigin src="${src}" data-preload="${preloads}" data-first-paint="/${firstPaint.fileName}"></script>`
        )
      },
    },
  }
}

/**
 * antd draws its styles at run time (CSS-in-JS): on a phone's slower CPU, generating, hashing and inserting them for
 * the first screen costs about a second (docs/architecture.md#dashboard-on-a-phone). src/first-paint/prerender.tsx renders the first screen's
 * antd components once at build time with the app's theme (through Vite's SSR loader, so the app's own components
 * and import paths work), for two things:
 *   - their styles, written to a hashed CSS file linked from index.html, with antd's cache map
 *     (`.data-ant-cssinjs-cache-path`): antd then finds each of those styles already there and skips them (antd's
 *     documented whole-CSS export). Components not rendered there keep drawing their styles at run time;
 *   - the first paint's pieces (src/first-paint/), as JSON in index.html, for the early script to fill and show.
 */
function firstScreenPrerender(): Plugin {
  const NAME = 'antd-first-screen.css'
  let pieces = ''
  return {
    name: 'reviewroute-first-screen-prerender',
    apply: 'build',
    async buildStart() {
      const { createServer } = await import('vite')
      const server = await createServer({
        configFile: false,
        root: import.meta.dirname,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      })
      try {
        const { prerender } = (await server.ssrLoadModule('/src/first-paint/prerender.tsx')) as typeof import('./src/first-paint/prerender')
        const result = prerender()
        // The icons' own base rules (@ant-design/icons inserts them when the app runs): the first paint's icons need them.
        const { iconStyles } = createRequire(import.meta.url)('@ant-design/icons/lib/utils') as { iconStyles: string }
        this.emitFile({ type: 'asset', name: NAME, source: `${iconStyles.trim()}\n${result.css}` })
        // Inside a <script> element: nothing in it may close the element.
        pieces = JSON.stringify(result.pieces).replaceAll('<', '\\u003c')
      } finally {
        await server.close()
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const asset = Object.values(bundle ?? {}).find((file) => file.type === 'asset' && file.names.includes(NAME))
        if (!asset) return html
        // Before the app's own CSS, as antd's run-time styles are (it puts them first in the head): the app's rules win.
        const withCss = afterCharset(html, `<link rel="stylesheet" crossorigin href="/${asset.fileName}">`)
        const root = '<div id="root"></div>'
        if (!withCss.includes(root)) throw new Error(`first screen: index.html has no ${root}`)
        return withCss.replace(root, `<script type="application/json" id="${PIECES_ID}">${pieces}</script>\n    ${root}`)
      },
    },
  }
}

/**
 * The dashboard's service worker (src/providers/service-worker.ts): sw.js is its `serviceWorker` function, called
 * with this build's version and the files to store when it installs: every hashed file index.html loads, the first
 * paint's entry (data-first-paint) and every route's first-screen preloads (earlyStart's data-preload), all already
 * downloaded by the visit that registers it. A new build names other files, so its sw.js differs and replaces the
 * old worker and its cache.
 */
function dashboardServiceWorker(): Plugin {
  return {
    name: 'reviewroute-service-worker',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html']
        if (!html || html.type !== 'asset') throw new Error('service worker: no index.html in the bundle')
        const source = String(html.source)
        const files = new Set<string>()
        for (const [, path] of source.matchAll(/(?:src|href)="(\/[^"]+)"/g)) if (path.startsWith(ASSETS_PREFIX)) files.add(path)
        // The first paint's entry, which the early script imports by address (also preloaded by the HTML today).
        const firstPaint = /data-first-paint="([^"]*)"/.exec(source)?.[1]
        if (firstPaint) files.add(firstPaint)
        const preload = /data-preload="([^"]*)"/.exec(source)?.[1]
        if (preload) {
          const routes = JSON.parse(preload.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as Record<string, string[]>
          for (const paths of Object.values(routes)) for (const path of paths) files.add(path)
        }
        if (![...files].some((file) => file.endsWith('.js'))) throw new Error('service worker: index.html loads no script')
        const precache = [...files].sort()
        const code = serviceWorker.toString()
        const version = createHash('sha256').update(code).update(JSON.stringify(precache)).digest('hex').slice(0, 12)
        this.emitFile({
          type: 'asset',
          fileName: SERVICE_WORKER_URL.slice(1),
          source: `'use strict';\n(${code})(self, ${JSON.stringify(version)}, ${JSON.stringify(precache)});\n`,
        })
      },
    },
  }
}

/**
 * antd's form context (imported by each of antd's inputs, Typography's editable text too, so by the first screen)
 * takes only rc-field-form's FormProvider from the package's index, and that index attaches Field, List, useForm and
 * useWatch to the Form it exports: the one import carried all of rc-field-form and its validator (~13 KB gzipped) into
 * the first chunk. Resolved to the module that defines FormProvider (the index re-exports that same module), so the
 * form code loads with the screens that have a form.
 */
function formProviderOnly(): Plugin {
  return {
    name: 'reviewroute-form-provider-only',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'rc-field-form' || !importer?.replaceAll('\\', '/').endsWith('/antd/es/form/context.js')) return null
      return this.resolve('rc-field-form/es/FormContext', importer, { skipSelf: true })
    },
  }
}

export default defineConfig({
  // The last one is for Vitest only (tests/setup-direct-imports.ts).
  plugins: [react(), formProviderOnly(), firstScreenPrerender(), earlyStart(), dashboardServiceWorker(), directBarrelImports()],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'dashboard-assets',
    rollupOptions: {
      input: { 'index': 'index.html', 'early': EARLY_START, 'first-paint': FIRST_PAINT },
      // The first paint's entry keeps its export names (the early script calls paintFirstScreen by name); it may export
      // more, for the app, which shares its small modules.
      preserveEntrySignatures: 'allow-extension',
      // Refine's core is one module importing papaparse (its CSV import/export hooks) and, through its devtools,
      // error-stack-parser: CommonJS packages that would count as having side effects, so every app carried them
      // (~24 KB) whether or not it uses those hooks. Marked free of side effects, they stay only where used. Refine's
      // antd package is one module too, importing react-markdown and remark-gfm for its MarkdownField, which the
      // console (its only user) never shows.
      treeshake: {
        moduleSideEffects: (id: string) => !/\/node_modules\/(papaparse|error-stack-parser|react-markdown|remark-gfm)\//.test(id),
      },
      // Fewer, larger chunks for the first screen (docs/architecture.md#dashboard-on-a-phone): everything the app's entry loads at start in one
      // chunk and the overview's lazy parts (FIRST_SCREENS) with their own modules in another, instead of ~50 small
      // shared chunks. On a phone each file is a request (six at a time over HTTP/1.1, 150 ms apart on slow 4G) and a
      // task of its own to compile and link on a slow CPU. The early script stays its own tiny file; other screens
      // keep their own chunks (one that shares a module with the overview loads the overview's chunk for it).
      output: {
        codeSplitting: {
          groups: [
            { name: 'first-paint', test: (id: string) => FIRST_PAINT_MODULES.test(id), priority: 3 },
            { name: 'initial', tags: ['$initial'], test: (id: string) => !id.includes('/src/providers/early-'), priority: 2 },
            {
              name: 'dashboard',
              test: (id: string) => FIRST_SCREENS['/dashboard'].some((module) => id.endsWith(`/${module}`)),
              priority: 1,
            },
          ],
        },
      },
    },
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5175,
    // The website widget's page and script (/w/{code}, /w/{code}.js) are the API's too: the widget screen's preview.
    proxy: { '/api': 'http://localhost:3333', '^/w/': 'http://localhost:3333' },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['tests/setup.ts'],
    // A test waits for what the screen shows (findBy*, waitFor), never for a clock. This only bounds how long a test
    // may hang: a file's first render loads antd and Refine, which takes seconds on a busy 2-core machine (npm test
    // runs two suites at a time there), far past Vitest's default 5 s.
    testTimeout: 30_000,
    // Vitest's default, one worker fewer than the cores, is a single worker on a 2-core machine (CI): the main process
    // only hands out files and reports, so both cores run test files.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Refine's packages would otherwise load react-router's CommonJS build next to our ESM one: two routers.
    server: { deps: { inline: [/@refinedev\//] } },
    projects: [
      { extends: true, test: { name: 'isolated', include: isolatedTestFiles, isolate: true } },
      { extends: true, test: { name: 'shared', include: ['tests/**/*.test.{ts,tsx}'], exclude: isolatedTestFiles, isolate: false } },
    ],
  },
})
