/*
 * A loopback TCP proxy the fault tests put between the API and MariaDB. `cut()` destroys every open socket
 * and stops listening (new connections are refused); `hang()` drops the open sockets and then accepts new
 * connections but never answers them (a silent network); `restore()` forwards again on the same port.
 */
import net from 'node:net'

export class TcpProxy {
  #server = null
  #sockets = new Set()
  #hanging = false

  constructor({ port, targetPort, targetHost = '127.0.0.1', host = '127.0.0.1' }) {
    Object.assign(this, { port, targetPort, targetHost, host })
  }

  get connections() {
    return this.#sockets.size / 2
  }

  async start() {
    const server = net.createServer((client) => {
      if (this.#hanging) {
        this.#sockets.add(client)
        client.on('close', () => this.#sockets.delete(client))
        client.on('error', () => {})
        return
      }
      const upstream = net.connect(this.targetPort, this.targetHost)
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket)
        socket.on('close', () => this.#sockets.delete(socket))
        socket.on('error', () => {})
      }
      client.on('close', () => upstream.destroy())
      upstream.on('close', () => client.destroy())
      client.pipe(upstream)
      upstream.pipe(client)
    })
    await new Promise((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, this.host, () => {
        server.off('error', reject)
        resolve()
      })
    })
    this.#server = server
  }

  /** Drops every connection at once and refuses new ones until `restore()`. */
  async cut() {
    const server = this.#server
    this.#server = null
    const closed = server ? new Promise((resolve) => server.close(resolve)) : Promise.resolve()
    for (const socket of this.#sockets) socket.destroy()
    this.#sockets.clear()
    await closed
  }

  /** Drops every connection, then accepts new ones without ever answering them. */
  async hang() {
    await this.cut()
    this.#hanging = true
    await this.start()
  }

  async restore() {
    await this.cut()
    this.#hanging = false
    await this.start()
  }

  stop() {
    return this.cut()
  }
}
