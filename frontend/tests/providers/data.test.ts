import type { CrudFilter } from '@refinedev/core'
import { describe, expect, it } from 'vitest'
import { rememberWorkspace, WORKSPACE_HEADER } from '#lib/workspace-store'
import { dataProvider, listParams } from '#providers/data'
import { fakeApi } from '../helpers'

const query = (params: URLSearchParams) => Object.fromEntries(params)

describe('listParams (simple-rest query of a list call)', () => {
  it('turns page and size into _start/_end', () => {
    expect(query(listParams({ pagination: { currentPage: 3, pageSize: 20 } }))).toEqual({ _start: '40', _end: '60' })
  })

  it('defaults to the first page of 10', () => {
    expect(query(listParams({}))).toEqual({ _start: '0', _end: '10' })
  })

  it('sends no page when pagination is off', () => {
    expect(query(listParams({ pagination: { mode: 'off' } }))).toEqual({})
  })

  it('joins sorters into _sort and _order', () => {
    expect(
      query(
        listParams({
          pagination: { mode: 'off' },
          sorters: [
            { field: 'createdAt', order: 'desc' },
            { field: 'rating', order: 'asc' },
          ],
        })
      )
    ).toEqual({ _sort: 'createdAt,rating', _order: 'desc,asc' })
  })

  it('maps eq, contains, gte and lte to field, field_like, field_gte and field_lte', () => {
    const filters: CrudFilter[] = [
      { field: 'businessId', operator: 'eq', value: 7 },
      { field: 'feedback', operator: 'contains', value: 'slow' },
      { field: 'rating', operator: 'gte', value: 1 },
      { field: 'createdAt', operator: 'lte', value: '2026-11-21' },
    ]
    expect(query(listParams({ pagination: { mode: 'off' }, filters }))).toEqual({
      businessId: '7',
      feedback_like: 'slow',
      rating_gte: '1',
      createdAt_lte: '2026-11-21',
    })
  })

  it('skips filters without a value but keeps 0 and false', () => {
    const filters: CrudFilter[] = [
      { field: 'q', operator: 'contains', value: '' },
      { field: 'rating', operator: 'eq', value: undefined },
      { field: 'resolved', operator: 'eq', value: null },
      { field: 'redirected', operator: 'eq', value: false },
      { field: 'rating_min', operator: 'gte', value: 0 },
    ]
    expect(query(listParams({ pagination: { mode: 'off' }, filters }))).toEqual({ redirected: 'false', rating_min_gte: '0' })
  })

  it('refuses an operator the API does not understand', () => {
    expect(() => listParams({ filters: [{ field: 'rating', operator: 'in', value: [1, 2] }] })).toThrow('Unsupported filter operator in')
    expect(() => listParams({ filters: [{ operator: 'or', value: [] }] })).toThrow('Only field filters are supported')
  })
})

describe('dataProvider', () => {
  it('getList calls /api/<resource> with the list query and reads x-total-count', async () => {
    const api = fakeApi({ 'GET /api/feedbacks': { status: 200, body: [{ id: 1 }, { id: 2 }], headers: { 'x-total-count': '42' } } })
    const result = await dataProvider.getList({
      resource: 'feedbacks',
      pagination: { currentPage: 2, pageSize: 2 },
      sorters: [{ field: 'createdAt', order: 'desc' }],
      filters: [{ field: 'businessId', operator: 'eq', value: 7 }],
    })
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 42 })
    expect(query(api.calls[0].url.searchParams)).toEqual({
      _start: '2',
      _end: '4',
      _sort: 'createdAt',
      _order: 'desc',
      businessId: '7',
    })
  })

  it('getList counts the rows when there is no x-total-count', async () => {
    fakeApi({ 'GET /api/businesses': [{ id: 1 }, { id: 2 }, { id: 3 }] })
    const result = await dataProvider.getList({ resource: 'businesses' })
    expect(result.total).toBe(3)
  })

  it('getOne, update and deleteOne address /api/<resource>/<id>', async () => {
    const api = fakeApi({
      'GET /api/businesses/7': { id: 7 },
      'PATCH /api/feedbacks/3': { id: 3, resolved: true },
      'DELETE /api/businesses/7': { status: 204 },
    })
    expect((await dataProvider.getOne({ resource: 'businesses', id: 7 })).data).toEqual({ id: 7 })
    await dataProvider.update({ resource: 'feedbacks', id: 3, variables: { resolved: true } })
    await dataProvider.deleteOne!({ resource: 'businesses', id: 7 })
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/businesses/7',
      'PATCH /api/feedbacks/3',
      'DELETE /api/businesses/7',
    ])
    expect(api.calls[1].body).toEqual({ resolved: true })
  })

  it("a form's write: meta.method sends another verb, meta.workspace false names no workspace", async () => {
    rememberWorkspace(1, 4)
    const api = fakeApi({
      'PUT /api/billing/profile': { legalName: 'Asha' },
      'DELETE /api/account': { status: 204 },
      'PATCH /api/workspaces/4': { id: 4 },
      'POST /api/workspaces': { id: 5 },
    })
    await dataProvider.create({ resource: 'billing/profile', variables: { legalName: 'Asha' }, meta: { method: 'put' } })
    await dataProvider.create({ resource: 'account', variables: { password: 'secret' }, meta: { method: 'delete' } })
    await dataProvider.update({ resource: 'workspaces', id: 4, variables: { name: 'Team' }, meta: {} })
    await dataProvider.create({ resource: 'workspaces', variables: { name: 'New' }, meta: { workspace: false } })
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT /api/billing/profile',
      'DELETE /api/account',
      'PATCH /api/workspaces/4',
      'POST /api/workspaces',
    ])
    expect(api.calls[1].body).toEqual({ password: 'secret' })
    expect(api.calls[2].headers[WORKSPACE_HEADER]).toBe('4')
    expect(api.calls[3].headers[WORKSPACE_HEADER]).toBeUndefined()
    localStorage.clear()
  })

  it("turns a 422's errors into Refine's errors map, the first message per field", async () => {
    fakeApi({
      'POST /api/workspaces': {
        status: 422,
        body: {
          error: 'Please check the name',
          errors: [
            { field: 'name', message: 'Please name the workspace', rule: 'required' },
            { field: 'name', message: 'A second message', rule: 'maxLength' },
            { field: 'templates.en', message: 'Use lowercase letters', rule: 'regex' },
          ],
        },
      },
      'POST /api/auth/change-password': { status: 400, body: { error: 'Your current password is not correct.' } },
    })
    const invalid = await dataProvider.create({ resource: 'workspaces', variables: {} }).catch((error) => error)
    expect(invalid).toMatchObject({
      statusCode: 422,
      errors: { 'name': 'Please name the workspace', 'templates.en': 'Use lowercase letters' },
    })
    const refused = await dataProvider.create({ resource: 'auth/change-password', variables: {} }).catch((error) => error)
    expect(refused.statusCode).toBe(400)
    expect(refused.errors).toBeUndefined()
  })

  it('custom calls the given url with its query params, method and payload', async () => {
    const api = fakeApi({
      'GET /api/analytics/7/daily': { days: [] },
      'POST /api/billing/create-payment': { orderId: 'order_1' },
    })
    const read = await dataProvider.custom!({ url: '/api/analytics/7/daily', method: 'get', query: { days: 30, from: undefined } })
    expect(read.data).toEqual({ days: [] })
    expect(query(api.calls[0].url.searchParams)).toEqual({ days: '30' })

    await dataProvider.custom!({ url: '/api/billing/create-payment', method: 'post', payload: { planId: '2' } })
    expect(api.calls[1]).toMatchObject({ method: 'POST', path: '/api/billing/create-payment', body: { planId: '2' } })
    expect(api.calls[1].url.search).toBe('')
  })

  it('custom sends a payload with its own Content-Type as it is, and no body without a payload', async () => {
    const api = fakeApi({ 'POST /api/customers/import': { created: 1 }, 'POST /api/auth/logout-all': { status: 204 } })
    const csv = 'name,phone\r\nPriya,9876543210\r\n'
    await dataProvider.custom!({
      url: '/api/customers/import?businessId=7',
      method: 'post',
      payload: csv,
      headers: { 'Content-Type': 'text/csv' },
    })
    await dataProvider.custom!({ url: '/api/auth/logout-all', method: 'post' })
    const [imported, loggedOut] = api.fetch.mock.calls.map(([, init]) => init as RequestInit)
    expect(imported.body).toBe(csv)
    expect((imported.headers as Record<string, string>)['Content-Type']).toBe('text/csv')
    expect(loggedOut.body).toBeUndefined()
  })

  it('turns a failure into {message: the server sentence, statusCode}', async () => {
    fakeApi({ 'GET /api/businesses/9': { status: 404, body: { error: 'Business not found', message: 'Business not found' } } })
    await expect(dataProvider.getOne({ resource: 'businesses', id: 9 })).rejects.toMatchObject({
      message: 'Business not found',
      statusCode: 404,
    })
  })

  it('reports a network failure with statusCode 0 and a sentence, never a raw error', async () => {
    const api = fakeApi({})
    api.fetch.mockRejectedValue(new TypeError('Failed to fetch'))
    const failure = await dataProvider.getList({ resource: 'feedbacks' }).catch((error) => error)
    expect(failure.statusCode).toBe(0)
    expect(failure.message).toMatch(/Could not reach ReviewRoute/)
  })
})
