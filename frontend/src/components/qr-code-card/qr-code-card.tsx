/*
 * 'QR Code and Link' (docs/screens.md, docs/product-rules.md#qr-posters, docs/decisions.md D14): the review link with
 * a copy button, the on-screen QR (200 px, margin 2), the styled 600x750 poster to download, and the printable poster
 * as an A4 or A5 PDF, each in the business's pinned language (else English with Hindi). Takes any business, so the
 * businesses and QR-codes screens can show it too.
 */
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons'
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { copyText } from '@reviewroute/web-shared/clipboard'
import { demoMarked } from '@reviewroute/backend/contract/demo_places'
import { DEMO_LISTING, DEMO_LISTING_TEXT, isDemoPlace, routingSentence } from '@reviewroute/web-shared/routing'
import { download, posterFileName, QR_ON_SCREEN, qrDataUrl } from '@reviewroute/web-shared/qr'
import { Alert, Button, Card, Flex, Input, Skeleton, Space, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useToast } from '#providers/toast'
import { useWorkspaces } from '#hooks/use-workspaces'
import { PosterPdfButtons } from './poster-pdf-buttons'
import { usePoster } from './use-poster'

const GENERATE_FAILED = 'Failed to generate QR code. Please try again.'
/** Said under the buttons, so the posters are not taken for the bare code offered beside them. */
const POSTER_HINT =
  'Poster: a 600×750 PNG image with your business name and the QR code, for sharing. To print, Print A4 or Print A5 gives a sharp PDF with your link printed under the code.'

/** Rendered with the link as its key: another link starts again from the placeholder. */
function OnScreenQr({ link, name }: { link: string; name: string }) {
  const [src, setSrc] = useState<string | null | 'failed'>(null)
  useEffect(() => {
    let current = true
    // Drawn at twice the size it is shown, so it stays sharp on high-density screens.
    qrDataUrl(link, QR_ON_SCREEN * 2)
      .then((url) => current && setSrc(url))
      .catch(() => current && setSrc('failed'))
    return () => {
      current = false
    }
  }, [link])

  const box = { width: QR_ON_SCREEN, height: QR_ON_SCREEN, flex: 'none' }
  if (src === null) return <Skeleton.Node active style={box} />
  if (src === 'failed')
    return (
      <Flex align="center" justify="center" style={{ ...box, border: '1px dashed #d1d5db', borderRadius: 8 }}>
        <Typography.Text type="secondary">QR code unavailable</Typography.Text>
      </Flex>
    )
  return <img src={src} alt={`QR code for ${name}`} width={QR_ON_SCREEN} height={QR_ON_SCREEN} style={{ ...box, display: 'block' }} />
}

/** The sentence under the link follows the business's routing choice (docs/decisions.md D51); a demo listing says so (D59). */
export function QrCodeCard({
  business,
}: {
  business: Pick<BusinessDto, 'id' | 'placeId' | 'name' | 'shortUrl' | 'reviewUrl' | 'language' | 'complianceMode'>
}) {
  const toast = useToast()
  const link = business.reviewUrl
  // A client's customers meet its agency's brand, as on the customer page and the printed poster.
  const { current } = useWorkspaces()
  const poster = usePoster(
    demoMarked(business.name, business.placeId),
    link,
    business.language,
    current?.kind === 'client' ? current.brand : null
  )

  async function copyLink() {
    if (await copyText(link)) toast.success('Link copied!', 'Review link has been copied to clipboard.')
    else toast.error('Copy Failed', 'Please copy the link manually.')
  }

  async function downloadPoster() {
    try {
      download(await poster(), posterFileName(business.name))
      toast.success('QR Code Downloaded!', 'Styled QR code has been downloaded.')
    } catch {
      toast.error('Download Failed', GENERATE_FAILED)
    }
  }

  return (
    <Card title="QR Code and Link" style={{ height: '100%' }}>
      <Flex gap={20} wrap align="center" justify="center">
        <OnScreenQr key={link} link={link} name={business.name} />
        <Flex vertical gap={12} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <div>
            <Typography.Text strong>Your review link</Typography.Text>
            <Space.Compact style={{ width: '100%', marginTop: 6 }}>
              <Input readOnly value={link} aria-label="Review link" onFocus={(event) => event.target.select()} />
              <Button icon={<CopyOutlined />} onClick={() => void copyLink()} aria-label="Copy review link" />
            </Space.Compact>
          </div>
          {isDemoPlace(business.placeId) && <Alert type="warning" showIcon message={DEMO_LISTING} description={DEMO_LISTING_TEXT} />}
          <Typography.Text type="secondary">
            Customers scan the code or open the link to rate you. {routingSentence(business.complianceMode)}
          </Typography.Text>
          <Flex vertical gap={4}>
            <Flex gap={8} wrap>
              <Button type="primary" icon={<DownloadOutlined />} onClick={() => void downloadPoster()}>
                Download poster (PNG)
              </Button>
              <PosterPdfButtons businessId={business.id} name={business.name} />
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {POSTER_HINT}
            </Typography.Text>
          </Flex>
        </Flex>
      </Flex>
    </Card>
  )
}
