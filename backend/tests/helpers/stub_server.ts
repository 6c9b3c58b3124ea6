/*
 * A throwaway HTTP server on loopback that stands in for an outside service (Google Places, Razorpay, ...).
 * Each test sets how it answers and reads back what it was sent.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

export type StubHandler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>

export async function startStubServer(initial: StubHandler = (_, res) => void res.end('{}')) {
  let handler = initial
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', async () => {
      const recorded = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() }
      requests.push(recorded)
      try {
        await handler(recorded, res)
      } catch {
        if (!res.headersSent) res.writeHead(500)
        res.end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(next: StubHandler) {
      handler = next
      requests.length = 0
    },
    close() {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}
