/*
 * A voice note a customer sent in WhatsApp as their feedback: fetched only when the owner asks to play it (GET
 * /api/feedbacks/{id}/voice-note, with the dashboard's token and workspace like every file), then played in the
 * browser's own player from an object URL, which is let go when the row leaves the screen.
 */
import { SoundOutlined } from '@ant-design/icons'
import type { ReviewSessionDto } from '@reviewroute/backend/types/api'
import { Button, Flex, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { fetchFile } from '#lib/file-download'
import { errorText } from '#providers/http'

export const voiceNotePath = (feedbackId: number) => `/api/feedbacks/${feedbackId}/voice-note`

/** '42 KB'; at least 1. */
const size = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`

interface Props {
  feedbackId: number
  voiceNote: NonNullable<ReviewSessionDto['voiceNote']>
}

export function VoiceNote({ feedbackId, voiceNote }: Props) {
  const [url, setUrl] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const mounted = useRef(true)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  // The audio is held in memory until the row goes (or another URL replaces it).
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url])

  async function load() {
    setLoading(true)
    setFailure(null)
    try {
      const { blob } = await fetchFile(voiceNotePath(feedbackId), `${voiceNote.mimeType}, application/json`)
      if (mounted.current) setUrl(URL.createObjectURL(blob))
    } catch (error) {
      if (mounted.current) setFailure(errorText(error, 'Could not load the voice note. Please try again.'))
    } finally {
      if (mounted.current) setLoading(false)
    }
  }

  if (url) return <audio controls autoPlay src={url} aria-label="Voice note" style={{ maxWidth: '100%' }} />
  return (
    <Flex vertical gap={4} align="flex-start">
      <Flex align="center" gap={8} wrap>
        <Button size="small" icon={<SoundOutlined />} loading={loading} onClick={() => void load()}>
          Play voice note
        </Button>
        <Typography.Text type="secondary">{size(voiceNote.bytes)}</Typography.Text>
      </Flex>
      {failure && (
        <Typography.Text type="danger" role="alert">
          {failure}
        </Typography.Text>
      )}
    </Flex>
  )
}
