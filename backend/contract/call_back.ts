/*
 * Call-back on complaints (docs/decisions.md D31): the owner's Call and WhatsApp links for a customer who ticked
 * "contact me" after a 1-3 rating. One definition for the alert mails and the dashboard's inbox.
 */

/** What the owner's WhatsApp opens with: short, polite, in the owner's voice. */
export function callBackMessage(customerName: string | null, businessName: string) {
  const greeting = customerName ? `Hello ${customerName}` : 'Hello'
  return `${greeting}, this is ${businessName}. Thank you for your feedback about your visit. We are sorry it was not better and would like to put it right.`
}

/** `tel:` and `wa.me` links for a 10-digit Indian mobile number. */
export function callBackLinks(phone: string, customerName: string | null, businessName: string) {
  return {
    call: `tel:+91${phone}`,
    whatsapp: `https://wa.me/91${phone}?text=${encodeURIComponent(callBackMessage(customerName, businessName))}`,
  }
}
