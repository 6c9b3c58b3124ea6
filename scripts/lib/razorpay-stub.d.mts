import type { StubHandler, StubServer } from './stub-server.mjs'

export type EventName = 'payment.captured' | 'order.paid' | 'payment.failed'

export interface RazorpayKeys {
  keyId: string
  keySecret: string
}

export function razorpayId(prefix: string): string
export function hmac(secret: string, payload: string): string
export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string
export function basicAuth(keys: RazorpayKeys): string
export function razorpayError(
  code: string,
  description: string
): { error: { code: string; description: string; source: string; step: string; reason: string; metadata: {} } }
export function parseBody(body: string): Record<string, any>
export function razorpayOrdersApi(keys: RazorpayKeys, orders?: Record<string, any>[], refundStatus?: 'processed' | 'pending'): StubHandler
export function startRazorpayStub(keys: RazorpayKeys): Promise<StubServer & { orders: Record<string, any>[] }>
export function webhookEvent(name: EventName, target: { orderId: string; amount: number; paymentId?: string }): Record<string, any>
export function refundEvent(
  name: 'refund.processed' | 'refund.failed',
  ids: { refundId: string; paymentId: string; amount: number }
): Record<string, any>
