/*
 * An OpenAI-compatible Chat Completions endpoint on loopback (`POST {base}/chat/completions`, the format of the
 * `openai` package and of every compatible provider), for the journeys. It answers a short, fixed reply in the
 * script of the review it was given (Tamil, Devanagari or English), and keeps every request it received.
 */
import { json, startStubServer } from './stub-server.mjs'

export const AI_KEY = 'sk-stub-journeys'
export const AI_MODEL = 'stub-reply-model'

const REPLIES = [
  [/[\u0B80-\u0BFF]/, 'உங்கள் அன்பான வார்த்தைகளுக்கு மிக்க நன்றி! மீண்டும் உங்களை வரவேற்க காத்திருக்கிறோம்.'],
  [/[\u0900-\u097F]/, 'आपके प्यारे शब्दों के लिए बहुत धन्यवाद! हम आपका फिर से स्वागत करने की प्रतीक्षा करेंगे।'],
]
const ENGLISH = 'Thank you for taking the time to tell us about your visit. Your words have reached our whole team.'

export async function startAiStub() {
  const server = await startStubServer((request, response) => {
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions'))
      return json(response, 404, { error: { message: 'Not found' } })
    if (request.headers.authorization !== `Bearer ${AI_KEY}`) {
      return json(response, 401, {
        error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
      })
    }
    const body = JSON.parse(request.body || '{}')
    const asked = (body.messages ?? []).map((message) => String(message.content ?? '')).join('\n')
    const reply = REPLIES.find(([script]) => script.test(asked))?.[1] ?? ENGLISH
    return json(response, 200, {
      id: `chatcmpl-${Date.now()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 120, completion_tokens: 40, total_tokens: 160 },
    })
  })
  return { ...server, env: { AI_BASE_URL: server.url, AI_API_KEY: AI_KEY, AI_MODEL } }
}
