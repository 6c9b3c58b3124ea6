import type Integration from '#models/integration'

/** Removes an integration and its event log (docs/decisions.md D72); its requests stay, no longer linked to it. */
export default class DeleteIntegration {
  async handle(integration: Integration) {
    await integration.delete()
  }
}
