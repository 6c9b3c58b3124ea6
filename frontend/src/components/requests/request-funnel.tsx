/*
 * The requests' funnel (docs/decisions.md D32): sent → opened → rated → sent to Google by channel, next to what the
 * QR poster and the plain review link brought without a request. Of the rated, those rated inside WhatsApp with a
 * WhatsApp Business request's buttons are said under the rated figure. Under them, what each source brought (D72):
 * by hand, the after-visit hook, each integration, staff links.
 */
import { useCustom } from '@refinedev/core'
import type { RequestFunnelDto, RequestFunnelStep, RequestSourceStep } from '@reviewroute/backend/types/api'
import { PROVIDER_NAMES } from '@reviewroute/backend/contract/integrations'
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

const SOURCE_LABELS: Record<RequestSourceStep['source'], string> = {
  manual: 'Sent by hand',
  csv: 'CSV import',
  visit_hook: 'After-visit hook',
  integration: 'Integration',
  staff_link: 'Staff links (ratings)',
}

export const sourceLabel = (step: Pick<RequestSourceStep, 'source' | 'provider'>) =>
  step.source === 'integration' && step.provider ? PROVIDER_NAMES[step.provider] : SOURCE_LABELS[step.source]

/** What each source brought: requests, rated, sent to Google (a staff link's ratings have no request). */
function Sources({ sources }: { sources: RequestSourceStep[] }) {
  return (
    <table className="request-sources">
      <caption>By source</caption>
      <thead>
        <tr>
          <th scope="col">Source</th>
          <th scope="col">Requests</th>
          <th scope="col">Rated</th>
          <th scope="col">Sent to Google</th>
        </tr>
      </thead>
      <tbody>
        {sources.map((step) => (
          <tr key={`${step.source}-${step.integrationId ?? ''}`}>
            <th scope="row">{sourceLabel(step)}</th>
            <td>{step.source === 'staff_link' ? '–' : step.requests}</td>
            <td>{step.rated}</td>
            <td>{step.sentToGoogle}</td>
          </tr>
        ))}
      </tbody>
    </table>
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
          {(funnel.sources?.length ?? 0) > 1 || funnel.sources?.some((step) => step.source !== 'manual') ? (
            <Sources sources={funnel.sources} />
          ) : null}
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
