/*
 * "Print A4" and "Print A5" (docs/screens.md#qr-code-and-link-card): the printable poster as a PDF the server makes
 * (GET /api/businesses/{id}/poster.pdf?size=…), with a vector QR and the short link printed under it, saved under
 * the server's file name. Fetched with the bearer token, never a link carrying it.
 */
import { FilePdfOutlined } from '@ant-design/icons'
import { Button, Space } from 'antd'
import { useState } from 'react'
import { downloadFile } from '#lib/file-download'
import { errorText } from '#providers/http'
import { useToast } from '#providers/toast'

export type PosterSize = 'a4' | 'a5'

export const posterPdfPath = (businessId: number, size: PosterSize) => `/api/businesses/${businessId}/poster.pdf?size=${size}`

const SIZES: { size: PosterSize; label: string }[] = [
  { size: 'a4', label: 'Print A4' },
  { size: 'a5', label: 'Print A5' },
]

export function PosterPdfButtons({ businessId, name }: { businessId: number; name: string }) {
  const toast = useToast()
  const [busy, setBusy] = useState<PosterSize | null>(null)

  async function save(size: PosterSize) {
    setBusy(size)
    try {
      const fallback = `${name.replace(/[^A-Za-z0-9]+/g, '_')}_poster_${size.toUpperCase()}.pdf`
      const fileName = await downloadFile(posterPdfPath(businessId, size), { accept: 'application/pdf, application/json', fallback })
      toast.success('Poster PDF Downloaded!', `${fileName} is ready to print at ${size.toUpperCase()}.`)
    } catch (error) {
      toast.error('Download Failed', errorText(error, 'Could not make the poster PDF. Please try again.'))
    } finally {
      setBusy(null)
    }
  }

  // One group, so the pair wraps together under the PNG download on a narrow card.
  return (
    <Space.Compact>
      {SIZES.map(({ size, label }) => (
        <Button
          key={size}
          icon={<FilePdfOutlined />}
          loading={busy === size}
          disabled={busy !== null && busy !== size}
          onClick={() => void save(size)}
        >
          {label}
        </Button>
      ))}
    </Space.Compact>
  )
}
