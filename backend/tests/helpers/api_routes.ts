/*
 * The API's routes as the abuse specs cover them, read from the router itself so a route added later is covered
 * without touching the specs. Each route is classified by its middleware; one that cannot be classified carries
 * the reason, and the specs fail on it, so a new kind of guard has to be taught here before they pass.
 */
import router from '@adonisjs/core/services/router'
import * as limiters from '#start/limiter'

/**
 * `owner`: behind the auth middleware (401 without a valid token); `optional`: a token is read if sent;
 * `operator`: the operator console (404 to everyone but an operator, docs/decisions.md D34).
 */
export type Access = 'owner' | 'optional' | 'public' | 'operator'

export interface ApiRoute {
  name: string
  pattern: string
  /** Without HEAD, which the router adds to every GET. */
  methods: string[]
  params: string[]
  access: Access
  throttled: boolean
  /** Matcher regexps by parameter, where the route declares one. */
  matchers: Record<string, RegExp>
  /** Set when a middleware on the route is not one this file knows: the route cannot be trusted to be covered. */
  unclassified?: string
  /** The controller (its lazy import, one function per controller) and method the route calls, when it names one. */
  handler?: { controller: unknown; method: string }
}

/** Routes the specs leave out on purpose, and why. Everything else under /api is covered. */
const SKIPPED_ROUTES: { reason: string; applies: (route: { name?: string; pattern: string }) => boolean }[] = [
  { reason: 'page route (HTML, outside /api)', applies: ({ pattern }) => !pattern.startsWith('/api/') },
  { reason: 'test clock (moves time for the whole process)', applies: ({ name }) => Boolean(name?.startsWith('test_clock.')) },
]

const LIMITER_MIDDLEWARE = new Set<unknown>(Object.values(limiters).filter((value) => typeof value === 'function'))

type RouteJson = {
  name?: string
  pattern: string
  methods: string[]
  matchers: Record<string, { match?: RegExp }>
  middleware: { all(): Set<unknown> }
  handler: { reference?: unknown }
}

function handlerOf(route: RouteJson): ApiRoute['handler'] {
  const reference = route.handler?.reference
  if (!Array.isArray(reference) || typeof reference[1] !== 'string') return undefined
  return { controller: reference[0], method: reference[1] }
}

function describeMiddleware(entry: unknown) {
  if (typeof entry === 'function') return `function ${entry.name || '(anonymous)'}`
  const named = entry as { name?: string }
  return named?.name ? `named middleware '${named.name}'` : JSON.stringify(entry)
}

/**
 * Every /api route but the skipped ones, classified. A route with a middleware this file does not know is
 * returned with `unclassified` set (not thrown: the list feeds test datasets, which must not throw).
 */
export function apiRoutes(): ApiRoute[] {
  const all = Object.values(router.toJSON()).flat() as unknown as RouteJson[]
  if (all.length === 0) throw new Error('The router has no routes: is the HTTP server started?')

  // Router-level middleware (body parser, auth initialisation) is on every route, pages included.
  const sets = all.map((route) => route.middleware.all())
  const everywhere = new Set([...sets[0]].filter((entry) => sets.every((set) => set.has(entry))))

  return all
    .filter((route) => !SKIPPED_ROUTES.some((skip) => skip.applies(route)))
    .map((route) => {
      let access: Access = 'public'
      let throttled = false
      let unclassified: string | undefined
      for (const entry of route.middleware.all()) {
        if (everywhere.has(entry)) continue
        const name = typeof entry === 'object' && entry !== null ? (entry as { name?: string }).name : undefined
        if (name === 'auth') access = 'owner'
        else if (name === 'operator') access = 'operator'
        else if (name === 'silentAuth' && access !== 'owner') access = 'optional'
        else if (LIMITER_MIDDLEWARE.has(entry)) throttled = true
        else {
          unclassified =
            `Cannot classify ${describeMiddleware(entry)} on ${route.methods.join(',')} ${route.pattern}: ` +
            'teach tests/helpers/api_routes.ts what it does'
        }
      }
      const params = [...route.pattern.matchAll(/:(\w+)/g)].map((match) => match[1])
      const matchers = Object.fromEntries(
        params.filter((param) => route.matchers[param]?.match).map((param) => [param, route.matchers[param].match!])
      )
      return {
        name: route.name ?? `${route.methods[0]} ${route.pattern}`,
        pattern: route.pattern,
        methods: route.methods.filter((method) => method !== 'HEAD'),
        params,
        access,
        throttled,
        matchers,
        unclassified,
        handler: handlerOf(route),
      }
    })
}

/** A resource's read and a write that takes the same resource back: what a client sends after a GET. */
export interface ReadWritePair {
  read: ApiRoute
  write: ApiRoute
  method: string
}

/**
 * Every write (PUT or PATCH) with the read its client starts from: the GET of the same path, else the `show` of
 * the same controller with the same path parameters (GET /auth/user and PATCH /auth/profile are one resource).
 */
export function readWritePairs(routes = apiRoutes()): ReadWritePair[] {
  const reads = routes.filter((route) => route.methods.includes('GET'))
  const sameParams = (a: ApiRoute, b: ApiRoute) => a.params.join('/') === b.params.join('/')
  return routes.flatMap((write) => {
    const read =
      reads.find((route) => route.pattern === write.pattern) ??
      reads.find(
        (route) =>
          write.handler &&
          route.handler?.controller === write.handler.controller &&
          route.handler?.method === 'show' &&
          sameParams(route, write)
      )
    if (!read) return []
    return write.methods.filter((method) => method === 'PUT' || method === 'PATCH').map((method) => ({ read, write, method }))
  })
}

/** Fails the calling test when the route's middleware could not be classified. */
export function assertClassified(route: ApiRoute) {
  if (route.unclassified) throw new Error(route.unclassified)
}

/** The pattern with its parameters filled in (values are URL-encoded unless `raw`). */
export function pathFor(route: Pick<ApiRoute, 'pattern'>, values: Record<string, string | number>, raw = false) {
  return route.pattern.replace(/:(\w+)/g, (_, param: string) => {
    if (!(param in values)) throw new Error(`No value for :${param} of ${route.pattern}`)
    const value = String(values[param])
    return raw ? value : encodeURIComponent(value)
  })
}
