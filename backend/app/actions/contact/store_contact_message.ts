import ContactMessage from '#models/contact_message'

interface ContactInput {
  name: string
  email: string
  subject: string
  message: string
}

/** Keeps a contact-form message for the support inbox (docs/decisions.md D12: the form really sends). */
export default class StoreContactMessage {
  async handle(input: ContactInput, userId: number | null) {
    return ContactMessage.create({ ...input, userId })
  }
}
