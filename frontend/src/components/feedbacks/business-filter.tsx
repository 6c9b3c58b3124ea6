/*
 * The inbox's business filter, for owners of two or more businesses: the selected business (chosen in the header's
 * selector, the only place that picks one: docs/decisions.md D38) or "All businesses", one inbox across every
 * business the owner has.
 */
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { Select } from 'antd'
import { businessLabel } from '#lib/business-label'

export const ALL_BUSINESSES = 'all'

interface Props {
  businesses: BusinessDto[]
  selected: BusinessDto
  all: boolean
  onChange(all: boolean): void
}

export function BusinessFilter({ businesses, selected, all, onChange }: Props) {
  if (businesses.length < 2) return null
  return (
    <Select
      aria-label="Business"
      value={all ? ALL_BUSINESSES : selected.id}
      onChange={(value) => onChange(value === ALL_BUSINESSES)}
      options={[
        { value: selected.id, label: businessLabel(selected, businesses) },
        { value: ALL_BUSINESSES, label: 'All businesses' },
      ]}
      popupMatchSelectWidth={false}
      style={{ minWidth: 160, maxWidth: 260 }}
    />
  )
}
