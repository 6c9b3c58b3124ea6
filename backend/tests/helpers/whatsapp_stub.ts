/*
 * Meta's WhatsApp Business Platform on loopback (the Cloud API, the JavaScript SDK's Embedded Signup popup, signed
 * webhooks): one implementation, in scripts/lib, shared with the journeys and the bench.
 */
export * from '../../../scripts/lib/whatsapp-stub.mjs'
