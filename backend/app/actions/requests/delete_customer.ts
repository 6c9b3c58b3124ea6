import type Customer from '#models/customer'

/** Deletes a customer of a business (the database takes their requests with them; the opt-out list keeps its rows). */
export default class DeleteCustomer {
  async handle(customer: Customer) {
    await customer.delete()
  }
}
