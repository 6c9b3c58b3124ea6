/*
 * Writing the reply to one Google review (docs/screens.md#google-reviews): a text area counting Google's 4096 bytes,
 * a template picker (those for the review's stars and language first, `{reviewer}` and `{business}` filled in),
 * "Draft with AI" in a tone, which only fills the text area: nothing reaches Google until "Post reply". Google's
 * refusal (422) and its absence (503) are said in Google's and the API's words. "Reply on Google" copies the text and
 * opens the business's reviews on Google, for when ReviewRoute cannot post (not connected, not approved yet).
 */
import { GoogleOutlined, RobotOutlined, SendOutlined } from '@ant-design/icons'
import { Alert, Button, Drawer, Flex, Grid, Input, Segmented, Select, Typography } from 'antd'
import { useState } from 'react'
import { copyText } from '@reviewroute/web-shared/clipboard'
import type { DraftTone, GoogleReviewDto, ReplyDraftResponse } from '@reviewroute/backend/types/api'
import { ApiError, errorText, request } from '#providers/http'
import { useToast } from '#providers/toast'
import {
  DEMO_PROFILE_NOTE,
  byteCounterText,
  byteLength,
  DRAFT_TONES,
  fillTemplate,
  isNotApproved,
  languageLabel,
  matchesReview,
  rankTemplates,
  replyProblem,
  reviewLanguage,
  REPLY_MAX_BYTES,
} from '#lib/google'
import { NotApproved } from './not-approved'
import { ReviewBody } from './review-body'
import { useGoogleConnection, useReplyTemplates } from './use-google'
import './google.css'

/** The business's reviews on Google, where its owner, signed in, answers them. */
export const googleReviewsUrl = (placeId: string) => `https://search.google.com/local/reviews?placeid=${encodeURIComponent(placeId)}`

/** Whether this server drafts with AI: unknown until the first draft is asked for; a 404 says it does not. */
let aiDrafts: boolean | null = null
export const forgetAiDrafts = () => {
  aiDrafts = null
}

interface Props {
  review: GoogleReviewDto
  business: { name: string; placeId: string }
  /** Why ReviewRoute cannot post for now (no connection, or Google's approval pending); null: it can. */
  blocked: 'not-connected' | 'not-approved' | null
  onClose(): void
  onPosted(): void
}

export function ReplyDrawer({ review, business, blocked, onClose, onPosted }: Props) {
  const canPost = blocked === null
  const toast = useToast()
  const desktop = Grid.useBreakpoint().md ?? true
  const [text, setText] = useState(review.reply?.comment ?? '')
  const [tone, setTone] = useState<DraftTone>('warm')
  const [drafting, setDrafting] = useState(false)
  const [posting, setPosting] = useState(false)
  const [failure, setFailure] = useState<{ message: string; notApproved: boolean } | null>(null)
  const [hasAi, setHasAi] = useState(aiDrafts !== false)
  const { templates } = useReplyTemplates()
  const { connection } = useGoogleConnection()
  const language = reviewLanguage(review.comment)
  const ranked = rankTemplates(templates, review.stars, language)
  const bytes = byteLength(text)
  const problem = text ? replyProblem(text) : null
  const fill = { reviewer: review.reviewer.anonymous ? null : review.reviewer.name, business: business.name }

  function pickTemplate(id: number) {
    const template = templates.find((candidate) => candidate.id === id)
    if (template) setText(fillTemplate(template.body, fill))
  }

  async function draft() {
    setDrafting(true)
    setFailure(null)
    try {
      const { draft: written } = await request<ReplyDraftResponse>(`/api/google-reviews/${review.id}/draft`, {
        method: 'POST',
        body: { tone },
      })
      aiDrafts = true
      setText(written)
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        aiDrafts = false
        setHasAi(false)
        toast.info('Drafting is not set up', 'This server has no AI drafting. Pick a template or write the reply.')
      } else {
        setFailure({ message: errorText(error, 'Could not write a draft. Please try again.'), notApproved: false })
      }
    } finally {
      setDrafting(false)
    }
  }

  async function post() {
    const refused = replyProblem(text)
    if (refused) {
      setFailure({ message: refused, notApproved: false })
      return
    }
    setPosting(true)
    setFailure(null)
    try {
      await request(`/api/google-reviews/${review.id}/reply`, { method: 'PUT', body: { comment: text } })
      // A demo connection's reply stays here (docs/decisions.md D59).
      if (connection?.demo) toast.success('Reply Saved Here (Demo)', DEMO_PROFILE_NOTE)
      else toast.success('Reply Posted', 'Your reply is on Google.')
      onPosted()
    } catch (error) {
      setFailure({
        message: errorText(error, 'Google did not take the reply. Please try again.'),
        notApproved: isNotApproved(error),
      })
    } finally {
      setPosting(false)
    }
  }

  async function replyOnGoogle() {
    const copied = text.trim() ? await copyText(text) : false
    window.open(googleReviewsUrl(business.placeId), '_blank', 'noopener')
    if (copied) toast.success('Reply Copied', 'Paste it under the review on Google.')
  }

  const reviewer = review.reviewer.anonymous || !review.reviewer.name ? 'a Google user' : review.reviewer.name
  return (
    <Drawer
      open
      title={review.reply ? `Edit your reply to ${reviewer}` : `Reply to ${reviewer}`}
      placement={desktop ? 'right' : 'bottom'}
      width={desktop ? 560 : undefined}
      height={desktop ? undefined : '92%'}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          <Button icon={<GoogleOutlined />} onClick={() => void replyOnGoogle()}>
            Reply on Google
          </Button>
          {canPost && (
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={posting}
              disabled={!!problem || !text.trim()}
              onClick={() => void post()}
            >
              Post reply
            </Button>
          )}
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <ReviewBody review={review} />
        {blocked === 'not-approved' && <NotApproved />}
        {blocked === 'not-connected' && (
          <Alert
            type="info"
            showIcon
            message="Google is not connected"
            description="Write or draft the reply here, then Reply on Google copies it and opens your reviews there to paste it."
          />
        )}
        <Select
          aria-label="Template"
          placeholder={templates.length ? 'Use a template' : 'No templates yet'}
          disabled={!templates.length}
          value={null}
          onChange={pickTemplate}
          options={ranked.map((template) => ({
            value: template.id,
            label: (
              <span>
                {template.name}{' '}
                <Typography.Text type="secondary">
                  {matchesReview(template, review.stars, language)
                    ? '· for this review'
                    : `· ${template.stars.join(', ')}★ · ${languageLabel(template.language)}`}
                </Typography.Text>
              </span>
            ),
          }))}
        />
        {hasAi && (
          <Flex gap={8} align="center" wrap>
            <Segmented aria-label="Tone" value={tone} onChange={(value) => setTone(value as DraftTone)} options={DRAFT_TONES} />
            <Button icon={<RobotOutlined />} loading={drafting} onClick={() => void draft()}>
              Draft with AI
            </Button>
          </Flex>
        )}
        <Flex vertical gap={4}>
          <Input.TextArea
            aria-label="Your reply"
            className="google-text"
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoSize={{ minRows: 6, maxRows: 14 }}
            placeholder="Thank the reviewer by name and answer what they wrote."
          />
          <Flex justify="space-between" gap={8} wrap>
            <Typography.Text type="secondary">Nothing is posted until you press Post reply.</Typography.Text>
            <Typography.Text
              aria-label="Bytes used"
              type={bytes > REPLY_MAX_BYTES ? undefined : 'secondary'}
              className={bytes > REPLY_MAX_BYTES ? 'reply-counter--over' : undefined}
            >
              {byteCounterText(bytes)}
            </Typography.Text>
          </Flex>
          {problem && text.trim() !== '' && <Alert type="error" showIcon message={problem} />}
        </Flex>
        {failure &&
          (failure.notApproved ? (
            <NotApproved />
          ) : (
            <Alert type="error" showIcon role="alert" message="Not posted" description={failure.message} />
          ))}
      </Flex>
    </Drawer>
  )
}
