/*
 * The API's contract: every answer's shape, and every request body as its validator accepts it (derived with
 * Vine's `Infer`, so the two cannot differ). Type-only: the dashboard and the site `import type` from here
 * (`@reviewroute/backend/types/api`), the backend from `#types/api`. Controllers and actions declare these as their
 * return types, so `npm run typecheck` fails when an answer drifts from what the front ends read.
 *
 * This file is the index; each domain's types are in their own file next to it, declared once.
 */
export type * from './common.js'
export type * from './auth.js'
export type * from './business.js'
export type * from './review.js'
export type * from './analytics.js'
export type * from './billing.js'
export type * from './requests.js'
export type * from './workspace.js'
export type * from './google.js'
export type * from './widget.js'
export type * from './admin.js'
