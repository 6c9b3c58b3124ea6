/*
 * Ratings and redirects per day over the chosen period (India's calendar days, from the range answer). Its own
 * chunk: recharts loads after the rest of the screen has painted.
 */
import { FIGURES } from '@reviewroute/backend/contract/vocabulary'
import type { DailyPointDto } from '@reviewroute/backend/types/api'
import { Card, Typography } from 'antd'
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { formatDay, formatRange, type DayRange } from '#lib/date-range'

/** '2026-11-21' → '21 Nov' */
const dayLabel = (date: string) => formatDay(date)

function Chart({ days }: { days: DailyPointDto[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={dayLabel} minTickGap={24} tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
        <Tooltip labelFormatter={(label) => dayLabel(String(label))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="positive" name={FIGURES.highRatings} stackId="ratings" fill="#22c55e" />
        <Bar dataKey="negative" name={FIGURES.privateRatings} stackId="ratings" fill="#f97316" />
        <Line dataKey="redirected" name={FIGURES.sentToGoogle} type="monotone" stroke="#1d4ed8" strokeWidth={2} dot={false} />
      </ComposedChart>
    </ResponsiveContainer>
  )
}

export default function DailyChart({ range, days }: { range: DayRange; days: DailyPointDto[] }) {
  const quiet = days.every((day) => day.sessions === 0)
  return (
    <Card title={`Ratings per day (${formatRange(range)})`}>
      {quiet ? <Typography.Text type="secondary">No ratings in this period.</Typography.Text> : <Chart days={days} />}
    </Card>
  )
}
