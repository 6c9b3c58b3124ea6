/* A business's website widget settings (GET/PUT /api/businesses/{id}/widget) under one query key per business. */
import { useCustom } from '@refinedev/core'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { WidgetLayout, WidgetSettings } from '#lib/widget'
import { request } from '#providers/http'

const widgetKey = (businessId: number) => ['widget', businessId] as const

export function useWidgetSettings(businessId: number | null) {
  const { query } = useCustom<WidgetSettings>({
    url: `/api/businesses/${businessId}/widget`,
    method: 'get',
    queryOptions: { queryKey: [...widgetKey(businessId ?? 0)], enabled: businessId !== null },
  })
  return { settings: query.data?.data ?? null, query }
}

/** Saves a change; the answer (the settings as stored) takes the place of what the screen showed. */
export function useSaveWidget(businessId: number) {
  const client = useQueryClient()
  return useCallback(
    async (change: { layout?: WidgetLayout; allowedSites?: string[] }) => {
      const saved = await request<WidgetSettings>(`/api/businesses/${businessId}/widget`, { method: 'PUT', body: change })
      client.setQueryData([...widgetKey(businessId)], (previous: { data: WidgetSettings } | undefined) => ({
        ...previous,
        data: saved,
      }))
      return saved
    },
    [client, businessId]
  )
}
