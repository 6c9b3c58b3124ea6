/* The phone rule lives in the contract, shared with the pages. */
export { indianMobileDigits, normalizeIndianPhone } from '#contract/phone'
