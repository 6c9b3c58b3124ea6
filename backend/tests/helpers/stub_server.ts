/*
 * The loopback stand-in for an outside service: one implementation, in scripts/lib, shared with the journeys.
 */
export { json, startStubServer } from '../../../scripts/lib/stub-server.mjs'
export type { RecordedRequest, StubHandler, StubServer } from '../../../scripts/lib/stub-server.mjs'
