/** Phones and tablets by user agent (docs/product-rules.md#trial: the Google link opens in place there). */
export function isMobileUserAgent(userAgent: string = globalThis.navigator?.userAgent ?? '') {
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile|webOS|BlackBerry/i.test(userAgent)
}
