/*
 * TRUST_PROXY (docs/decisions.md D53): what the setting accepts, what stops boot, and which address the compiled
 * trust function makes request.ip() take (proxy-addr on a request shaped like Node's).
 */
import { test } from '@japa/runner'
import type { IncomingMessage } from 'node:http'
import proxyaddr from 'proxy-addr'
import { parseTrustProxy, trustProxyFunction } from '#lib/trust_proxy'

/** A request as the API receives it: the socket's address and the X-Forwarded-For header, if any. */
const fakeRequest = (socketAddress: string, forwardedFor?: string) =>
  ({
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: socketAddress },
    connection: { remoteAddress: socketAddress },
  }) as unknown as IncomingMessage

const clientOf = (setting: string, socketAddress: string, forwardedFor?: string) =>
  proxyaddr(fakeRequest(socketAddress, forwardedFor), trustProxyFunction(setting))

test.group('TRUST_PROXY: parsing', () => {
  test('{$self} is off')
    .with(['', 'false', 'FALSE', ' false ', '0', 'off', 'none'])
    .run(({ assert }, value) => {
      assert.isFalse(parseTrustProxy(value))
    })

  test('unset is off', ({ assert }) => {
    assert.isFalse(parseTrustProxy(undefined))
  })

  test('{$self} trusts every hop')
    .with(['true', 'TRUE', '1', 'all'])
    .run(({ assert }, value) => {
      assert.isTrue(parseTrustProxy(value))
    })

  test('{0} is the list {1}')
    .with([
      ['loopback', ['loopback']],
      ['loopback,10.0.0.0/8', ['loopback', '10.0.0.0/8']],
      [' loopback , 10.0.0.0/8 ', ['loopback', '10.0.0.0/8']],
      ['203.0.113.7', ['203.0.113.7']],
      ['fd00::/8,2001:db8::1', ['fd00::/8', '2001:db8::1']],
      ['linklocal,uniquelocal', ['linklocal', 'uniquelocal']],
      ['192.168.0.0/255.255.0.0', ['192.168.0.0/255.255.0.0']],
      ['::ffff:10.0.0.1', ['::ffff:10.0.0.1']],
    ] as const)
    .run(({ assert }, [value, list]) => {
      assert.deepEqual(parseTrustProxy(value), [...list])
    })

  test('{0} stops boot with a sentence naming the entry')
    .with([
      ['yes-please', 'yes-please'],
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['loopback,300.1.1.1', '300.1.1.1'],
      ['loopback,,10.0.0.0/8', 'empty entry'],
      ['loopback,true', '"true"'],
      ['fd00::/129', 'fd00::/129'],
      ['localhost', 'localhost'],
    ])
    .run(({ assert }, [value, named]) => {
      assert.throws(() => parseTrustProxy(value), new RegExp(`^TRUST_PROXY .*${named.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`))
    })
})

test.group('TRUST_PROXY: the address request.ip() takes', () => {
  test('off: the socket address, whatever the header says', ({ assert }) => {
    assert.equal(clientOf('false', '127.0.0.1', '203.0.113.9'), '127.0.0.1')
    assert.equal(clientOf('false', '10.1.2.3', '203.0.113.9, 198.51.100.7'), '10.1.2.3')
  })

  test('behind an appending balancer, a forged left-most address is passed over', ({ assert }) => {
    // The client wrote "203.0.113.9"; the balancer (10.0.0.5) appended the address it saw, 198.51.100.7.
    assert.equal(clientOf('10.0.0.0/8', '10.0.0.5', '203.0.113.9, 198.51.100.7'), '198.51.100.7')
    assert.equal(clientOf('loopback,10.0.0.0/8', '10.0.0.5', '1.1.1.1, 2.2.2.2, 198.51.100.7'), '198.51.100.7')
    // Two trusted hops (an ingress behind a cloud balancer) are both passed over.
    assert.equal(clientOf('10.0.0.0/8', '10.0.0.5', '203.0.113.9, 198.51.100.7, 10.2.0.8'), '198.51.100.7')
  })

  test('a trusted range does not trust the client: a client inside no range keeps its own address', ({ assert }) => {
    // The request came straight from the client (not a proxy): its header is not believed.
    assert.equal(clientOf('10.0.0.0/8', '198.51.100.7', '203.0.113.9'), '198.51.100.7')
  })

  test('true trusts every hop: the left-most address wins (safe only when the balancer overwrites the header)', ({ assert }) => {
    assert.equal(clientOf('true', '10.0.0.5', '203.0.113.9, 198.51.100.7'), '203.0.113.9')
  })

  test('IPv6 ranges and IPv4-mapped sockets', ({ assert }) => {
    assert.equal(clientOf('fd00::/8', 'fd00::5', '203.0.113.9, 2001:db8::7'), '2001:db8::7')
    assert.equal(clientOf('10.0.0.0/8', '::ffff:10.0.0.5', '203.0.113.9, 198.51.100.7'), '198.51.100.7')
    assert.equal(clientOf('loopback', '::1', '203.0.113.9, 198.51.100.7'), '198.51.100.7')
  })

  test('the names expand to their ranges', ({ assert }) => {
    assert.equal(clientOf('uniquelocal', '192.168.1.10', '203.0.113.9, 198.51.100.7'), '198.51.100.7')
    assert.equal(clientOf('uniquelocal', '172.20.0.3', '203.0.113.9, 198.51.100.7, 10.9.9.9'), '198.51.100.7')
    assert.equal(clientOf('linklocal', '169.254.1.1', '198.51.100.7'), '198.51.100.7')
    assert.equal(clientOf('loopback', '10.0.0.5', '198.51.100.7'), '10.0.0.5')
  })
})
