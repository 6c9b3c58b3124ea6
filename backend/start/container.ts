/*
 * Container bindings for outside services, so tests can swap one for a client of a stub server.
 */
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import { PlacesDirectory, createPlacesDirectory } from '#services/places/places_directory'
import { RazorpayGateway } from '#services/payments/razorpay_gateway'
import { OidcClient } from '#services/identity/oidc_client'
import { WhatsAppCloud } from '#services/messaging/whatsapp_cloud'
import { Msg91Sms } from '#services/messaging/msg91_sms'
import { IdentityProvider } from '#services/identity/identity_provider'
import { QueueService } from '#queue/queue_service'
import { BusinessProfile } from '#services/google/business_profile'
import { ProfileAccess } from '#services/google/profile_access'
import { pageViewCounter, widgetViewCounter } from '#hot_path/page_view_counter'

app.container.singleton(PlacesDirectory, () => createPlacesDirectory())

app.container.singleton(RazorpayGateway, () => new RazorpayGateway())
app.container.singleton(IdentityProvider, () => new IdentityProvider())
app.container.singleton(OidcClient, () => new OidcClient())
app.container.singleton(WhatsAppCloud, () => new WhatsAppCloud())
app.container.singleton(Msg91Sms, () => new Msg91Sms())
// Not a singleton: built on the BusinessProfile the container holds now (the Google specs swap it for their stub).
app.container.bind(ProfileAccess, async (resolver) => new ProfileAccess(await resolver.make(BusinessProfile)))
app.container.singleton(QueueService, () => {
  const queues = new QueueService()
  app.terminating(() => queues.shutdown())
  return queues
})

// Views counted in memory are written before the process exits.
app.terminating(() => pageViewCounter.flush().catch(() => {}))
app.terminating(() => widgetViewCounter.flush().catch(() => {}))

// Account mails leave after the answer (the mailer's in-process queue, sendLater): a failure is seen only here.
emitter.on('queued:mail:error', ({ error, mailerName }) => logger.error({ err: error, mailer: mailerName }, 'queued mail not sent'))
