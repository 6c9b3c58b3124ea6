/*
 * The requests' funnel (docs/decisions.md D32): sent → opened → rated → sent to Google by channel, next to what the
 * QR poster and the plain review link brought without a request. Of the rated, those rated inside WhatsApp with a
 * WhatsApp Business request's buttons are said under the rated figure.
 */
import { useCustom } from '@refinedev/core'
import type { RequestFunnelDto, RequestFunnelStep } from '@reviewroute/backend/types/api'
import { Alert, Card, Flex, Skeleton, Typography } from 'antd'
import type { ReactNode } from 'react'
import { CHANNEL_LABELS } from '#lib/review-requests'
import { errorText } from '#providers/http'
import './requests.css'

type Counts = Omit<RequestFunnelStep, 'channel'>

const STEPS: { key: Exclude<keyof Counts, 'ratedInWhatsApp'>; label: string }[] = [
  { key: 'sent', label: 'Sent' },
  { key: 'opened', label: 'Opened' },
  { key: 'rated', label: 'Rated' },
  { key: 'sentToGoogle', label: 'Sent to Google' },
]

/** Whole percent of the step before; nothing after an empty step, or when a step outgrows the one before (page views
 *  are counted only since the counter existed). */
const share = (count: number, previous: number) => (previous && count <= previous ? `${Math.round((count / previous) * 100)}%` : null)

export const RATED_IN_WHATSAPP = 'Rated in WhatsApp'

function Step({ label, count, rate, detail }: { label: string; count: number; rate: string | null; detail?: ReactNode }) {
  return (
    <div className="funnel-step" aria-label={`${label}: ${count}`}>
      <div className="funnel-count">{count}</div>
      <div className="funnel-label">
        {label}
        {rate && ` · ${rate}`}
      </div>
      {detail}
    </div>
  )
}

/** Of the rated, those rated inside WhatsApp with the request's buttons: where there are any, or on WhatsApp Business's own row. */
function RatedInWhatsApp({ count }: { count: number }) {
  return (
    <div className="funnel-detail" aria-label={`${RATED_IN_WHATSAPP}: ${count}`}>
      {RATED_IN_WHATSAPP}: {count}
    </div>
  )
}

function Steps({ counts, whatsApp = false }: { counts: Counts; whatsApp?: boolean }) {
  const inWhatsApp = counts.ratedInWhatsApp ?? 0
  return (
    <div className="request-funnel-steps">
      {STEPS.map((step, index) => (
        <Step
          key={step.key}
          label={step.label}
          count={counts[step.key]}
          rate={index ? share(counts[step.key], counts[STEPS[index - 1].key]) : null}
          detail={step.key === 'rated' && (inWhatsApp > 0 || whatsApp) ? <RatedInWhatsApp count={inWhatsApp} /> : undefined}
        />
      ))}
    </div>
  )
}

export function RequestFunnel({ businessId }: { businessId: number }) {
  const { query, result } = useCustom<RequestFunnelDto>({
    url: '/api/review-requests/funnel',
    method: 'get',
    config: { query: { businessId } },
  })
  // Refine's result holds an empty object until the answer arrives.
  const funnel = query.isSuccess ? result.data : undefined
  const channels = funnel?.channels.filter((channel) => channel.sent > 0) ?? []
  return (
    <Card title="How your requests are doing">
      {query.isError ? (
        <Alert type="error" showIcon message={errorText(query.error, 'Could not load the funnel.')} />
      ) : !funnel ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Flex vertical gap={16}>
          {channels.length <= 1 ? (
            <Flex vertical gap={6}>
              <Typography.Text strong>{channels[0] ? CHANNEL_LABELS[channels[0].channel] : 'Personal requests'}</Typography.Text>
              <Steps counts={funnel.total} whatsApp={channels[0]?.channel === 'whatsapp'} />
            </Flex>
          ) : (
            <>
              {channels.map((channel) => (
                <Flex vertical gap={6} key={channel.channel}>
                  <Typography.Text strong>{CHANNEL_LABELS[channel.channel]}</Typography.Text>
                  <Steps counts={channel} whatsApp={channel.channel === 'whatsapp'} />
                </Flex>
              ))}
              <Flex vertical gap={6}>
                <Typography.Text strong>All requests</Typography.Text>
                <Steps counts={funnel.total} />
              </Flex>
            </>
          )}
          <Flex vertical gap={6}>
            <Typography.Text strong>QR poster and review link (without a request)</Typography.Text>
            <div className="request-funnel-poster">
              <Step label="Page views" count={funnel.poster.pageViews} rate={null} />
              <Step label="Ratings" count={funnel.poster.ratings} rate={share(funnel.poster.ratings, funnel.poster.pageViews)} />
              <Step
                label="Sent to Google"
                count={funnel.poster.sentToGoogle}
                rate={share(funnel.poster.sentToGoogle, funnel.poster.ratings)}
              />
            </div>
          </Flex>
        </Flex>
      )}
    </Card>
  )
}
