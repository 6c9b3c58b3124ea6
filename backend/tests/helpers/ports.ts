/*
 * Loopback ports for the child processes some specs start (API processes, proxies).
 */
import { createServer } from 'node:net'

/** A loopback port nothing listens on (the system picks it; it is closed again before this resolves). */
export async function closedPort() {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
