/*
 * Which folder of app/ may import which (docs/architecture.md#backend-layout). Models know nothing of caches,
 * actions or integrations, so a cache is kept right by the code that changes data, not by model hooks; the
 * contract the front ends bundle imports nothing of the server.
 */
import { test } from '@japa/runner'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import app from '@adonisjs/core/services/app'

const ROOT = app.appRoot.pathname

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : []
  })
}

/** The `#alias/…` and relative specifiers a file imports (type-only imports included: they still couple). */
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((match) => match[1])

const RULES: { folder: string; may: RegExp; why: string }[] = [
  { folder: 'app/models', may: /^#(models|lib|exceptions|auth|contract)\//, why: 'models hold data and its queries only' },
  {
    folder: 'app/hot_path',
    may: /^(#(hot_path|lib|models|types|contract)\/|#start\/env$)/,
    why: 'the hot path calls nothing that calls it',
  },
  {
    folder: 'app/queries',
    may: /^(#(queries|models|lib|exceptions|contract|types)\/|#queue\/(queue_service|queues)$)/,
    why: 'queries read; they change nothing',
  },
  {
    folder: 'app/policies',
    may: /^#(policies|models|lib|exceptions|contract)\//,
    why: 'a policy decides from the rows and the roles alone',
  },
  { folder: 'app/lib', may: /^(#(lib|exceptions|contract|types)\/|#start\/env$)/, why: 'lib is plain helpers' },
  { folder: 'contract', may: /^\.\//, why: 'the front ends bundle the contract' },
]

test.group('Layering of the backend', () => {
  for (const rule of RULES) {
    test(`${rule.folder} imports only what it may (${rule.why})`, ({ assert }) => {
      const files = filesUnder(join(ROOT, rule.folder))
      assert.isAbove(files.length, 0)
      const broken = files.flatMap((file) =>
        importsOf(file)
          .filter((specifier) => specifier.startsWith('#') || specifier.startsWith('.'))
          .filter((specifier) => !rule.may.test(specifier))
          .map((specifier) => `${relative(ROOT, file)} imports ${specifier}`)
      )
      assert.deepEqual(broken, [])
    })
  }

  test('app/controllers hold no transactions (an action owns its writes and their transaction)', ({ assert }) => {
    const files = filesUnder(join(ROOT, 'app/controllers'))
    assert.isAbove(files.length, 0)
    const broken = files
      .filter((file) => /\bdb\.transaction\b|\.transaction\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file))
    assert.deepEqual(broken, [])
  })

  test('app/controllers decide no ownership (the policies in app/policies do)', ({ assert }) => {
    const ownership =
      /\.ownedBy\(|findOwned|ownBusiness|from\('businesses'\)[^;]*?\.where\('user_id'|Business\.query\(\)[^;]*?\.where\('user_id'/
    const broken = filesUnder(join(ROOT, 'app/controllers'))
      .filter((file) => !relative(ROOT, file).startsWith('app/controllers/admin/'))
      .filter((file) => ownership.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file))
    assert.deepEqual(broken, [])
  })

  test('app/controllers filter no rows by workspace (the policies and app/queries do, the actions write)', ({ assert }) => {
    // A query condition on the workspace: `.where('workspace_id', …)`, `.whereIn('m.workspace_id', …)`,
    // `.where('id', member.workspaceId)`, `findBy('workspace_id', …)`, `updateOrCreate({ workspaceId: … })`.
    // Operators' controllers (admin/) read across workspaces on purpose.
    const byWorkspace =
      /\.(?:(?:or|and)?where\w*\(\s*['"][\w.]*workspace_id['"]|(?:or|and)?where\w*\([^)]*\bworkspaceId\b|findBy\(\s*['"]workspace(?:_id|Id)['"]|(?:where|findBy|updateOrCreate|firstOrCreate|firstOrNew)\w*\(\s*\{[^}]*\bworkspace(?:_id|Id)\b)/gi
    const broken = filesUnder(join(ROOT, 'app/controllers'))
      .filter((file) => !relative(ROOT, file).startsWith('app/controllers/admin/'))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8')
        return [...text.matchAll(byWorkspace)].map(
          (match) => `${relative(ROOT, file)}:${text.slice(0, match.index).split('\n').length} ${match[0].replace(/\s+/g, ' ')}`
        )
      })
    assert.deepEqual(broken, [])
  })
})
