/*
 * The client's address, as every per-address limit (start/limiter.ts) and the rating checks (the rater's
 * address and fingerprint, #web/review_device) see it. It is AdonisJS's request.ip() under config/app.ts's
 * trust function (docs/decisions.md D53): the socket's address, or with TRUST_PROXY the right-most address in
 * X-Forwarded-For that is not a trusted proxy, so a client cannot choose it by writing the header itself.
 */
import type { HttpContext } from '@adonisjs/core/http'

export const clientIp = ({ request }: Pick<HttpContext, 'request'>) => request.ip()
