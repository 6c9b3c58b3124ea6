/* The phone rule lives in the contract, shared with the pages. */
export { indianMobileDigits, mobileNumberProblem, normalizeIndianMobile, normalizeIndianPhone } from '#contract/phone'
