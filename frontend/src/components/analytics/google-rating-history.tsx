/*
 * "Google rating since you joined" (docs/decisions.md D35): the business's Google rating (line)
 * and review count (bars) per day since it was added, as the daily job and the owner's refreshes kept them
 * (GET /api/businesses/{id}/google-rating-history), and a refresh the server allows once per 10 minutes.
 * Draws with recharts like daily-chart.tsx: load it lazily, so recharts comes after the rest of the screen.
 */
import { ReloadOutlined } from '@ant-design/icons'
import { useCustom, type HttpError } from '@refinedev/core'
import { useQueryClient } from '@tanstack/react-query'
import type { GoogleRatingHistoryResponse, GoogleRatingPointDto, GoogleRatingRefreshResponse } from '@reviewroute/backend/types/api'
import { Alert, Button, Card, Flex, Skeleton, Typography } from 'antd'
import { useState } from 'react'
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { formatCount } from '@reviewroute/web-shared/format'
import { formatDay } from '#lib/date-range'
import { errorText, request } from '#providers/http'
import { usePermissions } from '#hooks/use-workspaces'

const historyPath = (businessId: number) => `/api/businesses/${businessId}/google-rating-history`
/** One cached history per business, shared by every visit to its page until a refresh writes the new point in. */
const historyKey = (businessId: number) => ['google-rating-history', businessId]
const refreshPath = (businessId: number) => `/api/businesses/${businessId}/google-rating/refresh`

/** '2026-10-12' → '12 Oct' */
const shortDay = (day: string) => formatDay(day)
/** '2026-10-12' → '12 Oct 2026' (non-breaking spaces: a narrow screen never splits the date) */
const longDay = (day: string) => formatDay(day, true).replace(/ /g, '\u00a0')

const stars = (rating: number | null) => (rating === null ? 'no rating' : `${rating.toFixed(1)}★`)
const reviews = (count: number) => `${formatCount(count)} ${count === 1 ? 'review' : 'reviews'}`

/** "4.3★ → 4.5★, +38 reviews on Google since 12 Oct 2026" */
export function ratingSummary(points: GoogleRatingPointDto[], since: string) {
  const first = points[0]
  const last = points[points.length - 1]
  const change = last.reviewCount - first.reviewCount
  const sign = change < 0 ? '−' : '+'
  return `${stars(first.rating)} → ${stars(last.rating)}, ${sign}${reviews(Math.abs(change))} on Google since ${longDay(since)}`
}

/** The history with `point` in place of that day's, or added after the last. */
function withPoint(points: GoogleRatingPointDto[], point: GoogleRatingPointDto) {
  return [...points.filter((other) => other.day !== point.day), point].sort((a, b) => a.day.localeCompare(b.day))
}

function Chart({ points }: { points: GoogleRatingPointDto[] }) {
  const rated = points.flatMap((point) => (point.rating === null ? [] : [point.rating]))
  // A rating moves by tenths: a narrow band around it shows the movement; the full 1-5 would flatten it.
  const low = rated.length ? Math.max(1, Math.floor((Math.min(...rated) - 0.2) * 10) / 10) : 1
  const high = rated.length ? Math.min(5, Math.ceil((Math.max(...rated) + 0.2) * 10) / 10) : 5
  // Ticks on whole tenths (recharts' own would fall on 4.25 and label it 4.3).
  const step = high - low <= 0.8 ? 0.1 : high - low <= 1.6 ? 0.2 : 0.5
  const ticks: number[] = []
  for (let tenth = Math.ceil((low * 10) / (step * 10)) * step * 10; tenth <= high * 10 + 1e-6; tenth += step * 10)
    ticks.push(Math.round(tenth) / 10)
  return (
    <div role="img" aria-label="Google rating and review count per day">
      <ResponsiveContainer width="100%" height={240}>
        <ComposedChart data={points} margin={{ top: 8, right: 0, bottom: 0, left: -8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={24} tick={{ fontSize: 12 }} />
          <YAxis yAxisId="reviews" allowDecimals={false} tick={{ fontSize: 12 }} width={44} domain={['dataMin', 'auto']} />
          <YAxis
            yAxisId="rating"
            orientation="right"
            domain={[low, high]}
            ticks={ticks}
            interval={0}
            tick={{ fontSize: 12 }}
            width={32}
            tickFormatter={(value: number) => value.toFixed(1)}
          />
          <Tooltip labelFormatter={(label) => longDay(String(label))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar yAxisId="reviews" dataKey="reviewCount" name="Reviews on Google" fill="#93c5fd" />
          <Line
            yAxisId="rating"
            dataKey="rating"
            name="Rating"
            type="monotone"
            stroke="#f59e0b"
            strokeWidth={2}
            dot={points.length < 40}
            connectNulls
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  )
}

export function GoogleRatingHistory({ businessId }: { businessId: number }) {
  const client = useQueryClient()
  const { query } = useCustom<GoogleRatingHistoryResponse, HttpError>({
    url: historyPath(businessId),
    method: 'get',
    queryOptions: { queryKey: historyKey(businessId) },
  })
  // Refine's `result.data` is {} until the first answer; the query's own data is undefined until then.
  const history = query.data?.data ?? null
  const [refreshing, setRefreshing] = useState(false)
  // A refresh's warning names the business it refreshed. Another business's page: its own history (its own query), and
  // no warning left over from the last one, nor one arriving late from a refresh of the last one (dropped while rendering).
  const [refreshError, setRefreshError] = useState<{ businessId: number; text: string } | null>(null)
  if (refreshError && refreshError.businessId !== businessId) setRefreshError(null)
  // Asking Google again is a manager's (lib/roles.ts); a viewer reads the history the daily job keeps.
  const { edit: canRefresh } = usePermissions()

  async function refresh() {
    const refreshed = businessId
    setRefreshing(true)
    setRefreshError(null)
    try {
      const answer = await request<GoogleRatingRefreshResponse>(refreshPath(refreshed), { method: 'POST' })
      client.setQueryData<{ data: GoogleRatingHistoryResponse }>(historyKey(refreshed), (shown) =>
        shown ? { ...shown, data: { ...shown.data, points: withPoint(shown.data.points, answer.point) } } : shown
      )
    } catch (failure) {
      // The server's sentence: refreshed too soon (with when to try again), or Google not answering.
      setRefreshError({ businessId: refreshed, text: errorText(failure, 'Could not refresh from Google. Please try again.') })
    } finally {
      setRefreshing(false)
    }
  }

  const refreshButton = (
    <Button size="small" icon={<ReloadOutlined />} loading={refreshing} disabled={!history} onClick={() => void refresh()}>
      Refresh from Google
    </Button>
  )

  let body
  if (query.error && !history)
    body = <Alert type="error" showIcon message={errorText(query.error, 'Could not load your Google rating history.')} />
  else if (!history) body = <Skeleton active paragraph={{ rows: 4 }} />
  else if (history.points.length < 2) {
    const only = history.points[0]
    body = (
      <Flex vertical gap={4}>
        <Typography.Text>We'll check your Google rating every day; the history starts today.</Typography.Text>
        {only && (
          <Typography.Text type="secondary">
            Now: {stars(only.rating)} from {reviews(only.reviewCount)} on Google.
          </Typography.Text>
        )}
      </Flex>
    )
  } else
    body = (
      <Flex vertical gap={12}>
        <Typography.Text strong style={{ overflowWrap: 'break-word' }}>
          {ratingSummary(history.points, history.since)}
        </Typography.Text>
        <Chart points={history.points} />
      </Flex>
    )

  return (
    <Card
      title={<span style={{ whiteSpace: 'normal' }}>Google rating since you joined</span>}
      extra={canRefresh && refreshButton}
      styles={{ header: { paddingBlock: 8 } }}
    >
      <Flex vertical gap={12}>
        {refreshError && <Alert type="warning" showIcon message={refreshError.text} closable onClose={() => setRefreshError(null)} />}
        {body}
      </Flex>
    </Card>
  )
}

export default GoogleRatingHistory
