/*
 * A Google review as an image for WhatsApp Status or Instagram (docs/screens.md#google-reviews, docs/decisions.md
 * D50): the server draws it (GET /api/google-reviews/{id}/image?format=square|story), fetched with the dashboard's
 * token and workspace like every file, shown here, then downloaded as review-{id}-{format}.png or shared. "Share on
 * WhatsApp" hands the PNG to the phone's share sheet where the browser can share files (WhatsApp is one tap away);
 * elsewhere it downloads the image and opens WhatsApp with a short line and the business's review link, saying the
 * image was downloaded to attach. Loaded only when a review's "Share image" is pressed.
 */
import { DownloadOutlined, WhatsAppOutlined } from '@ant-design/icons'
import type { BusinessDto, GoogleReviewDto } from '@reviewroute/backend/types/api'
import { download } from '@reviewroute/web-shared/download'
import { Alert, Button, Flex, Modal, Segmented, Spin, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { fetchFile } from '#lib/file-download'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'

export type ImageFormat = 'square' | 'story'

export const reviewImagePath = (id: number, format: ImageFormat) => `/api/google-reviews/${id}/image?format=${format}`
export const reviewImageName = (id: number, format: ImageFormat) => `review-${id}-${format}.png`

/** The line sent with the image: the business, the stars and where to leave a review. */
export const whatsAppText = (business: Pick<BusinessDto, 'name' | 'reviewUrl'>, stars: number) =>
  `${stars}★ on Google for ${business.name}! Been here? Leave your review: ${business.reviewUrl}`

const FORMATS: { value: ImageFormat; label: string }[] = [
  { value: 'square', label: 'Square' },
  { value: 'story', label: 'Story' },
]

interface Loaded {
  format: ImageFormat
  blob: Blob
  url: string
}

export default function ShareImageModal({
  review,
  business,
  onClose,
}: {
  review: GoogleReviewDto
  business: Pick<BusinessDto, 'name' | 'reviewUrl'>
  onClose: () => void
}) {
  const toast = useToast()
  const [format, setFormat] = useState<ImageFormat>('square')
  const [image, setImage] = useState<Loaded | null>(null)
  /** The refusal of one try (its format and attempt), so a new try starts without it. */
  const [failed, setFailed] = useState<{ key: string; text: string } | null>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    let url: string | null = null
    const key = `${format}:${attempt}`
    fetchFile(reviewImagePath(review.id, format), 'image/png, application/json')
      .then(({ blob }) => {
        if (!live) return
        url = URL.createObjectURL(blob)
        setImage({ format, blob, url })
      })
      .catch((failure: unknown) => live && setFailed({ key, text: errorText(failure, 'Could not draw the image. Please try again.') }))
    return () => {
      live = false
      if (url) URL.revokeObjectURL(url)
    }
  }, [review.id, format, attempt])

  const ready = image?.format === format ? image : null
  const error = failed?.key === `${format}:${attempt}` ? failed.text : null
  const name = reviewImageName(review.id, format)

  function save() {
    if (!ready) return
    download(ready.blob, name)
    toast.success('Image Downloaded', `${name} is ready for your WhatsApp Status or Instagram.`)
  }

  async function share() {
    if (!ready) return
    const text = whatsAppText(business, review.stars)
    const file = new File([ready.blob], name, { type: 'image/png' })
    if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
      try {
        await navigator.share({ files: [file], text })
      } catch (failure) {
        // Closing the share sheet is not an error.
        if ((failure as Error)?.name !== 'AbortError') toast.error('Not Shared', 'Please download the image and share it yourself.')
      }
      return
    }
    download(ready.blob, name)
    window.open(`https://wa.me/?text=${encodeURIComponent(text)}`, '_blank', 'noopener')
    toast.info('Image Downloaded', `${name} was downloaded: attach it in WhatsApp.`)
  }

  return (
    <Modal open title="Share this review as an image" onCancel={onClose} footer={null} width={520} destroyOnHidden>
      <Flex vertical gap={12} align="center">
        <Segmented<ImageFormat> aria-label="Image shape" options={FORMATS} value={format} onChange={setFormat} />
        <Typography.Text type="secondary">
          {format === 'square' ? '1080 × 1080, for WhatsApp Status and Instagram posts' : '1080 × 1920, for Instagram and WhatsApp stories'}
        </Typography.Text>
        {error ? (
          <Alert
            type="error"
            showIcon
            message={error}
            action={
              <Button size="small" onClick={() => setAttempt((value) => value + 1)}>
                Try Again
              </Button>
            }
          />
        ) : (
          <Flex align="center" justify="center" style={{ height: 380, width: '100%' }}>
            {ready ? (
              <img
                src={ready.url}
                alt={`The review as a ${format} image`}
                style={{ maxHeight: 380, maxWidth: '100%', borderRadius: 8, boxShadow: '0 2px 12px rgba(15, 23, 42, 0.18)' }}
              />
            ) : (
              <Spin aria-label="Drawing the image" />
            )}
          </Flex>
        )}
        <Flex gap={8} wrap justify="center">
          <Button icon={<DownloadOutlined />} disabled={!ready} onClick={save}>
            Download
          </Button>
          <Button type="primary" icon={<WhatsAppOutlined />} disabled={!ready} onClick={() => void share()}>
            Share on WhatsApp
          </Button>
        </Flex>
      </Flex>
    </Modal>
  )
}
