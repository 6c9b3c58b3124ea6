/* Above each console table: the search box (`q`) and the table's filters, each a select that can be cleared. */
import { Flex, Input, Select } from 'antd'
import type { ReactNode } from 'react'
import type { ListFilters } from './use-admin-list'

export interface FilterSelect {
  field: string
  /** Shown while nothing is chosen: "All roles". */
  placeholder: string
  options: { value: string; label: string }[]
}

interface Props {
  searchLabel: string
  searchPlaceholder: string
  onSearch(value: string): void
  selects?: FilterSelect[]
  values?: ListFilters
  onFilter?(field: string, value: string | undefined): void
  children?: ReactNode
}

export function ListToolbar({ searchLabel, searchPlaceholder, onSearch, selects = [], values = {}, onFilter, children }: Props) {
  return (
    <Flex gap={8} wrap align="center" className="admin-toolbar">
      <Input.Search
        aria-label={searchLabel}
        placeholder={searchPlaceholder}
        allowClear
        enterButton
        onSearch={onSearch}
        style={{ maxWidth: 360, flex: '1 1 240px' }}
      />
      {selects.map((select) => (
        <Select
          key={select.field}
          aria-label={select.placeholder}
          placeholder={select.placeholder}
          allowClear
          value={values[select.field] === undefined ? undefined : String(values[select.field])}
          onChange={(value?: string) => onFilter?.(select.field, value)}
          options={select.options}
          style={{ minWidth: 150 }}
        />
      ))}
      {children}
    </Flex>
  )
}
