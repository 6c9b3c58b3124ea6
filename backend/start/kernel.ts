/*
 * Middleware stacks. Server middleware runs for every request (also unmatched ones), router middleware for
 * matched routes, named middleware where a route asks for it.
 */
import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

server.use([
  () => import('#middleware/container_bindings_middleware'),
  () => import('#middleware/request_log_middleware'),
  () => import('#middleware/security_headers_middleware'),
  () => import('#middleware/force_json_response_middleware'),
  // The website widget's preflight, by its own rule (docs/decisions.md D49); the dashboard's CORS below.
  () => import('#middleware/widget_preflight_middleware'),
  () => import('@adonisjs/cors/cors_middleware'),
])

router.use([
  () => import('@adonisjs/auth/initialize_auth_middleware'),
  () => import('#middleware/operator_gate_middleware'),
  () => import('#middleware/body_parser_middleware'),
  () => import('#middleware/initialize_bouncer_middleware'),
])

export const middleware = router.named({
  auth: () => import('#middleware/auth_middleware'),
  silentAuth: () => import('#middleware/silent_auth_middleware'),
  operator: () => import('#middleware/operator_middleware'),
})
