/*
 * One lint for the monorepo (`npm run lint`, part of `npm test`): the AdonisJS config for the backend, and
 * typescript-eslint's recommended rules with React's hooks rules for the browser code. Formatting is Prettier's
 * job alone (`.prettierrc.json`, checked by `prettier --check`), so rules about layout are off here.
 */
import { configApp } from '@adonisjs/eslint-config'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const BACKEND = ['backend/**/*.ts']

const LAYOUT_RULES_OFF = {
  'prettier/prettier': 'off',
  'max-len': 'off',
}

export default [
  { ignores: ['**/node_modules/**', '**/dist/**', '**/build/**', 'backend/tmp/**', 'screenshots/**', '**/*.d.ts'] },
  // The AdonisJS rules for the backend only (they ask for snake_case file names, for one).
  ...configApp({ rules: LAYOUT_RULES_OFF }).map((block) => (block.files ? { ...block, files: BACKEND } : block)),
  {
    // Japa's API client reads an answer as `(await client.get(url)).body()`; in tests that idiom stays.
    files: ['backend/tests/**/*.ts'],
    rules: { '@unicorn/no-await-expression-member': 'off' },
  },
  ...tseslint.config({
    files: ['frontend/**/*.{ts,tsx}', 'landing/**/*.{ts,tsx}', 'web-shared/**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommended, reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: globals.browser },
  }),
  {
    files: ['scripts/**/*.mjs', '*.js', '.ci/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
]
