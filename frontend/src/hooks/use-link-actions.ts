/*
 * What the dashboard does with a business's links (docs/product-rules.md#errors, docs/decisions.md D14): copy the review link or the Google
 * link, download the plain 400 px QR, share the plain link (groups, status; a customer is asked personally instead,
 * docs/decisions.md D32); each with the spec's toasts.
 */
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { copyText } from '@reviewroute/web-shared/clipboard'
import { useMemo } from 'react'
import { useToast } from '#providers/toast'

type Linkable = Pick<BusinessDto, 'name' | 'reviewUrl' | 'googleReviewUrl'>

/** The plain QR's button and hint, told apart from the QR card's poster wherever both are offered. */
export const QR_ONLY_LABEL = 'Download QR code only'
export const QR_ONLY_HINT = 'Just the QR code, a 400×400 PNG image, for your own designs.'

/** The message that goes with the plain review link when it is shared to a group or a status. */
export function shareText(business: Pick<BusinessDto, 'name'>) {
  return `Visited ${business.name}? We'd love to hear how it went. Please rate us here:`
}

export function useLinkActions() {
  const toast = useToast()
  return useMemo(() => {
    async function copy(text: string, title: string, description: string) {
      if (await copyText(text)) toast.success(title, description)
      else toast.error('Failed to copy', 'Please copy the link manually.')
    }
    return {
      copyReviewLink: (business: Linkable) => copy(business.reviewUrl, 'Review Link Copied!', 'Review link has been copied to clipboard.'),
      copyGoogleLink: (business: Linkable) =>
        copy(business.googleReviewUrl, 'Google Review Link Copied!', 'Google review link has been copied to clipboard.'),
      async downloadQr(business: Linkable) {
        try {
          // The QR library loads on the first download, not with every screen that offers the button.
          const { download, qrDataUrl, qrFileName } = await import('@reviewroute/web-shared/qr')
          download(await qrDataUrl(business.reviewUrl), qrFileName(business.name))
          toast.success('QR Code Downloaded!', 'Your QR code has been downloaded.')
        } catch {
          toast.error('Download Failed', 'Failed to generate QR code. Please try again.')
        }
      },
      /** The phone's share sheet where there is one, else the link is copied. */
      async shareReviewLink(business: Linkable) {
        const url = business.reviewUrl
        if (typeof navigator.share === 'function') {
          try {
            await navigator.share({ title: business.name, text: shareText(business), url })
            return
          } catch (error) {
            if ((error as Error)?.name === 'AbortError') return
          }
        }
        await copy(url, 'Review Link Copied!', 'Paste it in a group or your status.')
      },
    }
  }, [toast])
}
