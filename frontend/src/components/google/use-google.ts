/*
 * The Google API's reads (docs/decisions.md D43): the workspace's connection, its Business Profile locations and the
 * reply templates, each under its own query key so a write reads it again.
 */
import { useCustom } from '@refinedev/core'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { GoogleConnectionDto, GoogleLocationDto, ReplyTemplateDto } from '@reviewroute/backend/types/api'

export const CONNECTION_KEY = ['google', 'connection'] as const
export const LOCATIONS_KEY = ['google', 'locations'] as const
export const TEMPLATES_KEY = ['reply-templates'] as const

/** While its import is queued or running, the connection is read again every few seconds to show it move on. */
const IMPORT_POLL_MS = 3000

export function useGoogleConnection() {
  const { query } = useCustom<GoogleConnectionDto>({
    url: '/api/google/connection',
    method: 'get',
    queryOptions: {
      queryKey: [...CONNECTION_KEY],
      refetchInterval: (current) => {
        const status = current.state.data?.data?.importStatus
        return status === 'queued' || status === 'running' ? IMPORT_POLL_MS : false
      },
    },
  })
  return { connection: query.data?.data ?? null, query }
}

export function useGoogleLocations(enabled: boolean) {
  const { query } = useCustom<GoogleLocationDto[]>({
    url: '/api/google/locations',
    method: 'get',
    queryOptions: { queryKey: [...LOCATIONS_KEY], enabled },
  })
  const data = query.data?.data
  return { locations: Array.isArray(data) ? data : [], query }
}

export function useReplyTemplates(enabled = true) {
  const { query } = useCustom<ReplyTemplateDto[]>({
    url: '/api/reply-templates',
    method: 'get',
    queryOptions: { queryKey: [...TEMPLATES_KEY], enabled },
  })
  const data = query.data?.data
  return { templates: Array.isArray(data) ? data : [], query }
}

/** Reads the Google screens' data again after a write (`google-reviews` lists included). */
export function useGoogleRefresh() {
  const client = useQueryClient()
  return useCallback(
    (...keys: readonly (readonly string[])[]) =>
      Promise.all(keys.map((key) => client.invalidateQueries({ queryKey: [...key] }))).then(() => undefined),
    [client]
  )
}
