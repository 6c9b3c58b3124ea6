/*
 * Names that every JavaScript object answers to (`toString`, `constructor`, `__proto__`, …) sent where the API
 * looks a name up: list sort keys and filters of every list route (from the router), review codes and page
 * paths. Each must be refused or not found like any unknown name, never a 500 and never silently ignored.
 */
import { test } from '@japa/runner'
import { isolated } from '#tests/helpers/setup'
import { apiRoutes } from '#tests/helpers/api_routes'
import { BUILTIN_NAMES } from '#tests/helpers/builtin_names'
import { ownerWithBusiness } from '#tests/helpers/owners'

/** The Refine list resources (routes named `….index`, the resource convention). */
const listRoutes = () =>
  apiRoutes().filter((route) => route.name.endsWith('.index') && route.params.length === 0 && route.access === 'owner')

/** Names a list route does know, so the test cannot pass by refusing everything. */
const KNOWN_SORT = 'id'

const signedIn = async () => (await ownerWithBusiness()).token

test.group('Built-in names on every list route', (group) => {
  isolated(group)

  test('there are list routes to check', ({ assert }) => {
    assert.isAtLeast(listRoutes().length, 3)
  })

  test('{pattern}: _sort by a built-in name is a 422 on _sort')
    .with(() => listRoutes())
    .run(async ({ client, assert }, route) => {
      const token = await signedIn()
      const known = await client.get(route.pattern).qs({ _sort: KNOWN_SORT }).bearerToken(token)
      known.assertStatus(200)
      for (const name of BUILTIN_NAMES) {
        const response = await client.get(route.pattern).qs({ _sort: name }).bearerToken(token)
        assert.equal(response.status(), 422, `_sort=${name}`)
        assert.equal(response.body().errors?.[0]?.field, '_sort', `_sort=${name}`)
      }
    })

  test('{pattern}: a built-in name as a filter, with or without an operator, is a 422 naming it')
    .with(() => listRoutes())
    .run(async ({ client, assert }, route) => {
      const token = await signedIn()
      for (const name of BUILTIN_NAMES) {
        for (const key of [name, `${name}_like`, `${name}_gte`, `${name}_ne`]) {
          const response = await client.get(`${route.pattern}?${encodeURIComponent(key)}=1`).bearerToken(token)
          assert.equal(response.status(), 422, key)
          assert.equal(response.body().errors?.[0]?.field, key, key)
        }
      }
    })
})

test.group('Built-in names as codes and paths', (group) => {
  isolated(group)

  test('a review code that is a built-in name is not found', async ({ client, assert }) => {
    for (const name of BUILTIN_NAMES) {
      const lookup = await client.get(`/api/business/by-url/${encodeURIComponent(name)}`)
      assert.equal(lookup.status(), 404, name)
      const submit = await client.post(`/api/review/${encodeURIComponent(name)}/submit`).json({ rating: 5 })
      assert.equal(submit.status(), 404, name)
    }
  })

  test('a page path that is a built-in name is the 404 page, not a redirect', async ({ client, assert }) => {
    for (const name of BUILTIN_NAMES) {
      const response = await client.get(`/${encodeURIComponent(name)}`).redirects(0)
      assert.equal(response.status(), 404, name)
    }
  })
})
