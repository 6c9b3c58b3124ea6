/*
 * An OpenAI-compatible Chat Completions API on loopback (docs/decisions.md D46), and the ReplyWriter swapped to it
 * for the group. `state` says how it answers: the reply's text, or a status to fail with; tests change it.
 */
import type { Group } from '@japa/runner/core'
import app from '@adonisjs/core/services/app'
import { json, startStubServer, type StubServer } from '#tests/helpers/stub_server'
import { ReplyWriter } from '#services/ai/reply_writer'

export const AI_KEY = 'sk-test-0123456789'
export const AI_MODEL = 'test-model-mini'

export interface AiStubState {
  /** The assistant message's content. */
  content: string
  /** A status to answer with instead of a completion (500, 429...); 0: a completion. */
  failWith: number
  /** Milliseconds to wait before answering. */
  delayMs: number
}

export interface AiStub {
  server: StubServer
  state: AiStubState
  /** The chat completion requests received, their JSON bodies parsed. */
  calls(): { path: string; authorization: string; body: any }[]
}

const newState = (): AiStubState => ({ content: 'Thank you for your kind words!', failWith: 0, delayMs: 0 })

function handler(state: AiStubState) {
  return async (request: { method?: string; url?: string }, response: any) => {
    if (request.method !== 'POST' || !/\/chat\/completions$/.test(request.url ?? '')) {
      return json(response, 404, { error: { message: 'Not found', type: 'invalid_request_error' } })
    }
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs))
    if (state.failWith) {
      return json(response, state.failWith, { error: { message: 'The server had an error.', type: 'server_error', code: null } })
    }
    return json(response, 200, {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: AI_MODEL,
      choices: [{ index: 0, message: { role: 'assistant', content: state.content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 120, completion_tokens: 60, total_tokens: 180 },
    })
  }
}

/** The stub, started for the group, fresh state before each test, and the writer swapped to it (`timeoutMs` 2 s). */
export function aiStub(group: Group): AiStub {
  const holder = { state: newState() } as AiStub
  group.setup(async () => {
    holder.server = await startStubServer()
    app.container.swap(
      ReplyWriter,
      () => new ReplyWriter({ apiKey: AI_KEY, baseUrl: `${holder.server.url}/v1`, model: AI_MODEL, timeoutMs: 2000 })
    )
    return async () => {
      app.container.restore(ReplyWriter)
      await holder.server.close()
    }
  })
  group.each.setup(() => {
    holder.state = newState()
    holder.server.answer(handler(holder.state))
  })
  holder.calls = () =>
    holder.server.requests
      .filter((request) => /\/chat\/completions$/.test(request.url ?? ''))
      .map((request) => ({
        path: request.url ?? '',
        authorization: String(request.headers.authorization ?? ''),
        body: JSON.parse(request.body || 'null'),
      }))
  return holder
}
