/*
 * What the fault tests share: their compiled API (and worker) on a database of their own made afresh, and the
 * owner's WhatsApp Business connection the request-sending faults need.
 */
import assert from 'node:assert/strict'
import { mysqlConnection, request, resetDatabase, startApi, startWorker, waitForApi } from '../lib/compiled-api.mjs'

/**
 * Resets `env.DB_DATABASE`, connects to it and starts the compiled API (with `worker`, the worker too) on `env`;
 * answers {db, api, worker, health} once the API answers at `base`. What it started is stopped again if the API
 * never answers.
 */
export async function startFaultApi(base, env, { worker: withWorker = false } = {}) {
  await resetDatabase(env.DB_DATABASE, env)
  const db = await mysqlConnection(env.DB_DATABASE)
  const api = startApi(env)
  const worker = withWorker ? startWorker(env) : null
  try {
    return { db, api, worker, health: await waitForApi(base, api) }
  } catch (error) {
    await Promise.allSettled([api.stop(), worker?.stop(), db.end()])
    throw error
  }
}

/** Connects the owner's WhatsApp Business number (the Cloud API stub answers for it). */
export async function connectWhatsApp(base, token, { phoneNumberId, accessToken }) {
  const connected = await request(base, 'PUT', '/api/whatsapp-account', {
    token,
    body: { phoneNumberId, accessToken, templates: { en: 'review_request_en' } },
  })
  assert.equal(connected.status, 200, connected.text)
}
