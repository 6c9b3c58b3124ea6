/*
 * What the dashboard does with a business's links (docs/product-rules.md#errors, docs/decisions.md D14): copy the review link or the Google
 * link, download the plain 400 px QR, share on WhatsApp; each with the spec's toasts.
 */
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { copyText } from '@reviewroute/web-shared/clipboard'
import { reviewLink } from '@reviewroute/web-shared/format'
import { useMemo } from 'react'
import { useToast } from '#providers/toast'

type Linkable = Pick<BusinessDto, 'name' | 'shortUrl' | 'googleReviewUrl'>

/** The prefilled WhatsApp message inviting a customer to rate the business. */
export function whatsAppShareUrl(business: Pick<BusinessDto, 'name' | 'shortUrl'>) {
  const text = `Thank you for visiting ${business.name}! We'd love to hear how it went. Please rate us here: ${reviewLink(business.shortUrl)}`
  return `https://wa.me/?text=${encodeURIComponent(text)}`
}

export function useLinkActions() {
  const toast = useToast()
  return useMemo(() => {
    async function copy(text: string, title: string, description: string) {
      if (await copyText(text)) toast.success(title, description)
      else toast.error('Failed to copy', 'Please copy the link manually.')
    }
    return {
      copyReviewLink: (business: Linkable) =>
        copy(reviewLink(business.shortUrl), 'Review Link Copied!', 'Review link has been copied to clipboard.'),
      copyGoogleLink: (business: Linkable) =>
        copy(business.googleReviewUrl, 'Google Review Link Copied!', 'Google review link has been copied to clipboard.'),
      async downloadQr(business: Linkable) {
        try {
          // The QR library loads on the first download, not with every screen that offers the button.
          const { download, qrDataUrl, qrFileName } = await import('@reviewroute/web-shared/qr')
          download(await qrDataUrl(reviewLink(business.shortUrl)), qrFileName(business.name))
          toast.success('QR Code Downloaded!', 'Your QR code has been downloaded.')
        } catch {
          toast.error('Download Failed', 'Failed to generate QR code. Please try again.')
        }
      },
      shareOnWhatsApp(business: Linkable) {
        window.open(whatsAppShareUrl(business), '_blank', 'noopener')
      },
    }
  }, [toast])
}
