/*
 * Integrations (docs/decisions.md D72): a business's billing, shop and booking systems whose signed webhooks send
 * review requests by themselves. Owners and managers of the business add, change, test and remove them; viewers
 * read them and their event log. The webhook itself is public at its secret address.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import Business from '#models/business'
import Integration from '#models/integration'
import IntegrationPolicy from '#policies/integration_policy'
import CreateIntegration from '#actions/integrations/create_integration'
import UpdateIntegration from '#actions/integrations/update_integration'
import SendTestEvent from '#actions/integrations/send_test_event'
import DeleteIntegration from '#actions/integrations/delete_integration'
import ReceiveIntegrationEvent from '#actions/integrations/receive_integration_event'
import { integrationEvents, integrationsOf } from '#queries/integrations'
import { serializeIntegration, serializeIntegrationEvent } from '#serializers/integrations'
import { createIntegrationValidator, updateIntegrationValidator } from '#validators/integrations'
import { NotFoundError } from '#exceptions/app_errors'
import { INTEGRATION_PROVIDERS, type IntegrationProvider } from '#contract/integrations'
import type { IntegrationDto, IntegrationEventDto, IntegrationTestDto } from '#types/api'

/** The integration and its business, once the member may `ability` it (404 for another workspace's). */
async function authorized(ctx: HttpContext, ability: 'view' | 'manage') {
  const integration = await Integration.find(ctx.params.id)
  const business = integration ? await Business.find(integration.businessId) : null
  await ctx.bouncer.with(IntegrationPolicy).authorize(ability, business)
  return { integration: integration!, business: business! }
}

export default class IntegrationsController {
  async index({ bouncer, params }: HttpContext): Promise<IntegrationDto[]> {
    const business = await Business.find(params.businessId)
    await bouncer.with(IntegrationPolicy).authorize('view', business)
    const integrations = await integrationsOf(business!.id)
    return integrations.map(({ integration, recent }) => serializeIntegration(integration, recent))
  }

  @inject()
  async store({ auth, bouncer, params, request, response }: HttpContext, create: CreateIntegration) {
    const business = await Business.find(params.businessId)
    await bouncer.with(IntegrationPolicy).authorize('manage', business)
    const input = await request.validateUsing(createIntegrationValidator)
    const { integration, secret } = await create.handle(business!, auth.getUserOrFail(), input)
    return response.created(serializeIntegration(integration, undefined, secret) satisfies IntegrationDto)
  }

  @inject()
  async update(ctx: HttpContext, update: UpdateIntegration): Promise<IntegrationDto> {
    const { integration } = await authorized(ctx, 'manage')
    const input = await ctx.request.validateUsing(updateIntegrationValidator)
    const updated = await update.handle(integration, input)
    const listed = await integrationsOf(updated.businessId)
    const recent = listed.find((row) => row.integration.id === updated.id)?.recent
    return serializeIntegration(updated, recent)
  }

  @inject()
  async destroy(ctx: HttpContext, remove: DeleteIntegration) {
    const { integration } = await authorized(ctx, 'manage')
    await remove.handle(integration)
    return ctx.response.noContent()
  }

  @inject()
  async test(ctx: HttpContext, sendTest: SendTestEvent): Promise<IntegrationTestDto> {
    const { integration } = await authorized(ctx, 'manage')
    const { status, event, message } = await sendTest.handle(integration, ctx.auth.getUserOrFail())
    return { status, event: event ? serializeIntegrationEvent(event) : null, message }
  }

  async events(ctx: HttpContext): Promise<IntegrationEventDto[]> {
    const { integration } = await authorized(ctx, 'view')
    const events = await integrationEvents(integration.id)
    return events.map(serializeIntegrationEvent)
  }

  /** POST /api/integrations/hooks/{provider}/{token}: the provider's webhook. */
  @inject()
  async hook({ params, request, response }: HttpContext, receive: ReceiveIntegrationEvent) {
    const provider = String(params.provider)
    if (!(INTEGRATION_PROVIDERS as readonly string[]).includes(provider)) throw new NotFoundError('Unknown integration')
    const raw = Buffer.from(request.raw() ?? '', 'utf8')
    const answer = await receive.handle(provider as IntegrationProvider, String(params.token), request.headers(), raw)
    if (answer.status === 200) return { outcome: answer.outcome }
    return response.status(answer.status).send({ error: answer.error })
  }
}
