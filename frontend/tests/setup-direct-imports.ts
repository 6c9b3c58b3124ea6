/*
 * Vitest only (a Vite plugin of vite.config.ts, applied in test mode): `import { Button } from 'antd'` and
 * `import { CheckOutlined } from '@ant-design/icons'` load each package's whole CommonJS barrel in Node, every
 * component of antd and all ~850 icons, in every test file's fresh worker (about 2,500 modules that a screen never
 * uses; the build tree-shakes them). This rewrites such named imports to the one file the barrel re-exports, so a
 * test file loads only what it renders: the same module, checked once here (a name whose file is not the barrel's
 * own export stays on the barrel).
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'

const require = createRequire(import.meta.url)

/** `DatePicker` -> `date-picker`, `QRCode` -> `qr-code`: antd's folder names. */
const kebab = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()

/** Where each barrel's export lives, for names whose export is that file's default export. */
const CANDIDATES: Record<string, (name: string) => string> = {
  'antd': (name) => `antd/lib/${kebab(name)}`,
  '@ant-design/icons': (name) => `@ant-design/icons/lib/icons/${name}`,
}

function directFile(barrel: string, name: string): string | null {
  let file: string
  try {
    file = require.resolve(CANDIDATES[barrel](name))
  } catch {
    return null
  }
  if (!existsSync(file)) return null
  const exported = (require(barrel) as Record<string, unknown>)[name]
  return exported !== undefined && (require(file) as { default?: unknown }).default === exported ? file : null
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])(antd|@ant-design\/icons)\2;?/g

export function directBarrelImports(): Plugin {
  const files = new Map<string, string | null>()
  const fileOf = (barrel: string, name: string) => {
    const key = `${barrel}:${name}`
    if (!files.has(key)) files.set(key, directFile(barrel, name))
    return files.get(key)!
  }
  return {
    name: 'reviewroute-test-direct-barrel-imports',
    apply: (_config, { mode }) => mode === 'test',
    // After TypeScript is stripped: only value imports are left.
    enforce: 'post',
    transform(code) {
      if (!code.includes('antd') && !code.includes('@ant-design/icons')) return null
      let changed = false
      const rewritten = code.replace(IMPORT, (statement, list: string, _quote, barrel: string) => {
        const direct: string[] = []
        const rest: string[] = []
        const specifiers = list.split(',').map((part) => part.trim())
        for (const specifier of specifiers.filter(Boolean)) {
          const [name, local = name] = specifier.split(/\s+as\s+/)
          const file = fileOf(barrel, name)
          if (file) direct.push(`import ${local} from ${JSON.stringify(file)};`)
          else rest.push(specifier)
        }
        if (direct.length === 0) return statement
        changed = true
        const imports = [...direct, ...(rest.length ? [`import { ${rest.join(', ')} } from '${barrel}';`] : [])].join(' ')
        // As many lines as the statement had, so the lines below keep their numbers (no source map needed).
        return imports + '\n'.repeat(statement.split('\n').length - 1)
      })
      return changed ? { code: rewritten, map: null } : null
    },
  }
}
