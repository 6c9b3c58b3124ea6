/*
 * The owner's businesses and the one selected across screens (docs/product-rules.md#trial): the first is chosen automatically,
 * another is chosen when the selected one disappears, and the choice survives reloads and signing out and in again
 * (remembered per owner on the device, lib/selected-business.ts). On /business/:id and its widget screen below it
 * (/business/:id/widget) the address is the selection (the header's selector shows that business, and choosing another
 * opens the same screen of it), so the page and the selector never disagree.
 */
import { useList } from '@refinedev/core'
import type { BusinessDto } from '@reviewroute/backend/types/api'
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useMatch, useNavigate } from 'react-router'
import { useCurrentUser } from '#hooks/use-current-user'
import { parseRouteId } from '#lib/route-id'
import { pickSelected, rememberBusiness, rememberedBusiness } from '#lib/selected-business'

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
  const userId = useCurrentUser().user?.id ?? null
  // What this visit chose (the selector, or a business's page); until then what the owner chose before, which is
  // known once the owner is (before that, the device's last choice: the same one unless another owner chose since).
  const [chosen, setChosen] = useState<number | null>(null)
  const remembered = useMemo(() => rememberedBusiness(userId), [userId])
  const businesses = useMemo(() => (Array.isArray(result.data) ? result.data : []), [result.data])
  // A business's screens: its analytics (/business/:id) and those under it (its website widget, /business/:id/widget).
  const onBusinessPage = useMatch('/business/:businessId/*')
  const navigate = useNavigate()
  const fromPath = businessOfPath(businesses, onBusinessPage?.params.businessId)
  const selected = fromPath ?? pickSelected(businesses, chosen ?? remembered)

  // The selection follows what is on screen: opening a business's page selects it for every other screen too.
  if (fromPath && fromPath.id !== chosen) setChosen(fromPath.id)
  // Kept for the owner's next visit (the owner's own key once known).
  useEffect(() => {
    if (chosen !== null) rememberBusiness(chosen, userId)
  }, [chosen, userId])

  const value = useMemo<BusinessesState>(
    () => ({
      businesses,
      loading: query.isLoading,
      error: query.error,
      selected,
      select(id) {
        setChosen(id)
        // Another business opens the same screen of it.
        const below = onBusinessPage?.params['*']
        if (onBusinessPage && id !== selected?.id) navigate(`/business/${id}${below ? `/${below}` : ''}`)
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
