/*
 * The owner's businesses and the one selected across screens (docs/product-rules.md#trial): the first is chosen automatically,
 * another is chosen when the selected one disappears, and the choice survives reloads. On /business/:id the address
 * is the selection (the header's selector shows that business, and choosing another opens its page), so the page
 * and the selector never disagree.
 */
import { useList } from '@refinedev/core'
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useMatch, useNavigate } from 'react-router'
import { parseRouteId } from '#lib/route-id'
import { pickSelected, rememberedBusiness, SELECTED_KEY } from '#lib/selected-business'

/** The API's page cap; an owner with more businesses than this is far beyond the product's audience. */
const MAX_BUSINESSES = 100

interface BusinessesState {
  businesses: BusinessDto[]
  loading: boolean
  error: unknown
  selected: BusinessDto | null
  select(id: number): void
  refetch(): void
}

const BusinessesContext = createContext<BusinessesState | null>(null)

/** The business of a /business/:id address, when it is one of the owner's. */
export function businessOfPath(businesses: BusinessDto[], raw: string | undefined) {
  const id = parseRouteId(raw)
  return id === null ? null : (businesses.find((business) => business.id === id) ?? null)
}

export function BusinessesProvider({ children }: { children: ReactNode }) {
  const { query, result } = useList<BusinessDto>({
    resource: 'businesses',
    pagination: { currentPage: 1, pageSize: MAX_BUSINESSES },
    sorters: [{ field: 'createdAt', order: 'desc' }],
  })
  // `remember`: the choice is still to be kept for the next visit (a business's page chose it; select() keeps its own).
  const [chosen, setChosen] = useState<{ id: number | null; remember: boolean }>(() => ({ id: rememberedBusiness(), remember: false }))
  const businesses = useMemo(() => (Array.isArray(result.data) ? result.data : []), [result.data])
  const onBusinessPage = useMatch('/business/:businessId')
  const navigate = useNavigate()
  const fromPath = businessOfPath(businesses, onBusinessPage?.params.businessId)
  const selected = fromPath ?? pickSelected(businesses, chosen.id)

  // The selection follows what is on screen: opening a business's page selects it for every other screen too.
  if (selected && selected.id !== chosen.id) setChosen({ id: selected.id, remember: fromPath !== null })
  useEffect(() => {
    if (chosen.remember) localStorage.setItem(SELECTED_KEY, String(chosen.id))
  }, [chosen])

  const value = useMemo<BusinessesState>(
    () => ({
      businesses,
      loading: query.isLoading,
      error: query.error,
      selected,
      select(id) {
        localStorage.setItem(SELECTED_KEY, String(id))
        setChosen((current) => (current.id === id ? current : { id, remember: false }))
        if (onBusinessPage && id !== selected?.id) navigate(`/business/${id}`)
      },
      refetch: () => void query.refetch(),
    }),
    [businesses, query, selected, onBusinessPage, navigate]
  )
  return <BusinessesContext.Provider value={value}>{children}</BusinessesContext.Provider>
}

export function useBusinesses() {
  const state = useContext(BusinessesContext)
  if (!state) throw new Error('useBusinesses needs a BusinessesProvider')
  return state
}
