/*
 * A business's QR code with its downloads (spec 9, DECISIONS 11): the plain 400 px QR
 * ('{name}_qr_code.png') and the printable 600x750 poster ('{Name}_QR_Code.png'), both toasting
 * 'QR Code Downloaded!'. Shown in the QR Code dialog and, on /dashboard/qr-codes, on every card.
 */
import { DownloadOutlined, PictureOutlined } from '@ant-design/icons'
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { reviewLink } from '@reviewroute/landing/shared/format'
import { drawPoster, posterFileName, QR_ON_SCREEN, qrDataUrl } from '@reviewroute/landing/shared/qr'
import { Button, Flex, Skeleton, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { downloadDataUrl, useLinkActions } from '../../hooks/use-link-actions'
import { useToast } from '../../providers/toast'

type QrBusiness = Pick<BusinessDto, 'name' | 'shortUrl' | 'googleReviewUrl'>

function usePosterDownload() {
  const toast = useToast()
  return async (business: QrBusiness) => {
    try {
      const canvas = await drawPoster(document.createElement('canvas'), { name: business.name, link: reviewLink(business.shortUrl) })
      downloadDataUrl(canvas.toDataURL('image/png'), posterFileName(business.name))
      toast.success('QR Code Downloaded!', 'Styled QR code has been downloaded.')
    } catch {
      toast.error('Download Failed', 'Failed to generate QR code. Please try again.')
    }
  }
}

/** The on-screen QR (drawn at full size, shown at `size` so it stays sharp on dense screens). */
function QrImage({ business, size }: { business: QrBusiness; size: number }) {
  const link = reviewLink(business.shortUrl)
  const [src, setSrc] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let current = true
    setFailed(false)
    qrDataUrl(link)
      .then((url) => current && setSrc(url))
      .catch(() => current && setFailed(true))
    return () => {
      current = false
    }
  }, [link])

  if (failed) {
    return (
      <Flex align="center" justify="center" style={{ width: size, height: size, background: '#f3f4f6', borderRadius: 8 }}>
        <Typography.Text type="secondary">QR code unavailable</Typography.Text>
      </Flex>
    )
  }
  if (!src) return <Skeleton.Image active style={{ width: size, height: size }} />
  return <img src={src} width={size} height={size} alt={`QR code for ${business.name}`} style={{ display: 'block' }} />
}

export function QrPanel({ business, size = QR_ON_SCREEN }: { business: QrBusiness; size?: number }) {
  const { downloadQr } = useLinkActions()
  const downloadPoster = usePosterDownload()
  return (
    <Flex vertical align="center" gap={12}>
      <QrImage business={business} size={size} />
      <Typography.Text type="secondary" style={{ textAlign: 'center', wordBreak: 'break-all' }}>
        {reviewLink(business.shortUrl)}
      </Typography.Text>
      <Flex gap={8} wrap justify="center">
        <Button type="primary" icon={<DownloadOutlined />} onClick={() => void downloadQr(business)}>
          Download QR Code
        </Button>
        <Button icon={<PictureOutlined />} onClick={() => void downloadPoster(business)}>
          Download Poster
        </Button>
      </Flex>
    </Flex>
  )
}
