import { Select } from 'antd'
import { useBusinesses } from '#hooks/use-businesses'

/** The header's business picker: shown only when the owner has two or more businesses (docs/screens.md). */
export default function BusinessSelector() {
  const { businesses, selected, select } = useBusinesses()
  if (businesses.length < 2) return null
  return (
    <Select
      aria-label="Selected business"
      value={selected?.id}
      onChange={select}
      style={{ minWidth: 220, maxWidth: 320 }}
      options={businesses.map((business) => ({ value: business.id, label: business.name }))}
    />
  )
}
