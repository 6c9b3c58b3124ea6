/*
 * A throwaway HTTP server on loopback that stands in for an outside service (Google Places, Razorpay, ...), for
 * the journeys and the backend's tests alike. It records every request; `answer()` swaps how it answers.
 */
import { createServer } from 'node:http'

/** Starts the server with `handler(request, response)`; a handler that throws answers 500 with the error. */
export async function startStubServer(handler = (_request, response) => void response.end('{}')) {
  let current = handler
  const requests = []
  const server = createServer((req, res) => {
    const chunks = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', async () => {
      const recorded = { method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() }
      requests.push(recorded)
      try {
        await current(recorded, res)
      } catch (error) {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: String(error) }))
      }
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))

  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    /** Answers with `next` from now on and forgets the requests so far. */
    answer(next) {
      current = next
      requests.length = 0
    },
    close() {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

export function json(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  response.end(JSON.stringify(body))
}
