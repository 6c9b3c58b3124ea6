/*
 * SMS set up for a test: MSG91's settings filled in (isConfigured), its address on a closed loopback port, so
 * nothing goes out unless a test points it at its own stub.
 */
import { Msg91Sms } from '#services/messaging/msg91_sms'

export const configuredSms = () =>
  new Msg91Sms({
    baseUrl: 'http://127.0.0.1:9',
    authKey: 'msg91-auth-key',
    senderId: 'RVWRTE',
    templateId: '64a1b2c3d4e5f6a7b8c9d0e1',
    dltEntityId: '1201160000000000001',
    webhookToken: 'dlr-secret-0123456789',
    timeoutMs: 2000,
  })
