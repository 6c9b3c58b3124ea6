/*
 * The repository explains itself (docs/README.md): someone who clones it has no issue tracker and none of the
 * papers the product was first described in, so code, docs and scripts point into docs/ (decisions.md D-numbers,
 * product-rules.md, screens.md, architecture.md) and never at a folder outside the repository, an issue number,
 * a section of an outside decisions file or a section of the original specification. A rule that such a
 * reference carried belongs in docs/, in our own words. Legal citations ("IGST Act, section 12(2)(b)") are fine.
 */
import { test } from '@japa/runner'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import app from '@adonisjs/core/services/app'

const REPO = join(app.appRoot.pathname, '..')

/** What is scanned, from the repository's root. */
const SCANNED = [
  'backend/app',
  'backend/contract',
  'backend/types',
  'backend/database',
  'backend/commands',
  'backend/start',
  'backend/config',
  'frontend/src',
  'landing/src',
  'web-shared/src',
  'docs',
  'scripts',
  'README.md',
]

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'build', 'tmp', 'coverage', 'screenshots', '.git'])
const TEXT_FILE = /\.(ts|tsx|js|jsx|mjs|cjs|json|md|css|html|edge|sh|ya?ml|txt)$/

/** A legal citation just before a section number: "IGST Act, section 12(2)(b)", "the DPDP Act section 8". */
const LEGAL_CITATION = /\bAct,?\s*$/

const OUTSIDE_REFERENCES: { what: string; pattern: RegExp; legalCitationsAllowed?: boolean }[] = [
  { what: 'a folder outside the repository', pattern: /\.\.\/shared\b/g },
  { what: 'an issue number', pattern: /\bissues?\s+#?\d/gi },
  { what: 'the outside decisions file', pattern: /\bDECISIONS\b/g },
  { what: 'the original specification', pattern: /\bproduct-spec\b/gi },
  { what: 'a section of the specification', pattern: /\bspec(?:\.md)?(?:'s)?\s*(?:§|section\b)|\bspec(?:\.md)?\s+\d/gi },
  { what: 'a numbered section', pattern: /§\s*\d|\bsections?\s+\d/gi, legalCitationsAllowed: true },
]

/** The outside references in one line of text: what each one is. */
export function outsideReferencesIn(line: string): string[] {
  return OUTSIDE_REFERENCES.flatMap(({ what, pattern, legalCitationsAllowed }) =>
    [...line.matchAll(pattern)]
      .filter((match) => !(legalCitationsAllowed && LEGAL_CITATION.test(line.slice(0, match.index))))
      .map(() => what)
  )
}

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path).flatMap((name) => {
    const child = join(path, name)
    if (statSync(child).isDirectory()) return SKIPPED_FOLDERS.has(name) ? [] : filesUnder(child)
    return TEXT_FILE.test(name) ? [child] : []
  })
}

test.group('A self-contained repository', () => {
  test('the pattern finds outside references and lets legal citations be', ({ assert }) => {
    const found = [
      'See ../shared/spec/product-spec.md first.',
      '// issue 18 item 4: a search that finds nothing says so',
      'Journeys 7 and 8 of issues 14 and 15',
      'owner on `instant` (DECISIONS §13)',
      'Where sign-up lands (DECISIONS.md section 11)',
      "// Spec 8: the server's sentence after the prefix",
      "the spec's section 9 names them",
      'Contract, built (section 12).',
    ]
    for (const line of found) assert.isNotEmpty(outsideReferencesIn(line), line)

    const fine = [
      "// No address on record: the place of supply is the seller's location (IGST Act, section 12(2)(b)).",
      'With docs/decisions.md D32 and docs/product-rules.md#review-links-and-short-codes',
      "the spec's 4.5 stars, issueInvoice(order), import from '@reviewroute/web-shared/format'",
    ]
    for (const line of fine) assert.isEmpty(outsideReferencesIn(line), line)
  })

  test('code, docs and scripts point into docs/, never outside the repository', ({ assert }) => {
    const missing = SCANNED.filter((path) => !existsSync(join(REPO, path)))
    assert.deepEqual(missing, [], 'a scanned folder moved: update SCANNED')

    const files = SCANNED.flatMap((path) => filesUnder(join(REPO, path)))
    assert.isAbove(files.length, SCANNED.length)
    const offending = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => {
          const kinds = outsideReferencesIn(line)
          return kinds.length ? [`${relative(REPO, file)}:${index + 1} (${[...new Set(kinds)].join(', ')}): ${line.trim()}`] : []
        })
    )
    assert.deepEqual(
      offending,
      [],
      `Outside references; point into docs/ instead and bring the rule they carried into docs/:\n${offending.join('\n')}`
    )
  })
})
