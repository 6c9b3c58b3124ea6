import type { IncomingMessage, ServerResponse } from 'node:http'

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

export type StubHandler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>

export interface StubServer {
  url: string
  requests: RecordedRequest[]
  answer(next: StubHandler): void
  close(): Promise<void>
}

export function startStubServer(handler?: StubHandler): Promise<StubServer>
export function json(response: ServerResponse, status: number, body: unknown): void
