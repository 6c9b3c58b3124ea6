import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { BusinessDto, PlaceDto, SelectBusinessRequest, SelectBusinessResponse } from '@reviewroute/backend/types/api'
import { BUSINESS_LIMIT_MESSAGE } from '@reviewroute/backend/contract/product_rules'
import { ROUTING } from '@reviewroute/web-shared/routing'
import { api, isLimitError } from '@reviewroute/web-shared/api'
import { useBusinessSearch } from '@reviewroute/web-shared/search'
import { getToken } from '@reviewroute/web-shared/token'
import { Layout } from '#site/components/layout'
import { BusinessSearchForm } from '#site/components/business-search-form'
import { BusinessResult } from '#site/components/business-result'
import { RoutingChoice } from '#site/components/routing-choice'
import { Icon, type IconName } from '#site/components/icon'
import { LANGUAGE_COUNT } from '#site/content/languages'
import { useSession } from '#site/session'
import { useToast } from '#site/toast'

const placeOf = (business: BusinessDto): PlaceDto => ({
  place_id: business.placeId,
  name: business.name,
  address: business.address,
  rating: business.rating,
  reviewCount: business.reviewCount,
})

/** /add-business: find a listing; owners add it, visitors preview it and sign up with it kept (docs/decisions.md D3, D14). */
export default function AddBusinessPage() {
  const { user } = useSession()
  const toast = useToast()
  const [params, setParams] = useSearchParams()
  const [chosen, setChosen] = useState<{ place: PlaceDto; business: BusinessDto | null } | null>(null)
  const [limitReached, setLimitReached] = useState(false)
  // How customers are asked (docs/decisions.md D51): "By rating" unless chosen otherwise, kept across sign-up.
  const [complianceMode, setComplianceMode] = useState(params.get('complianceMode') === 'true')

  const select = useCallback(
    async (place: PlaceDto) => {
      if (!getToken()) {
        setChosen({ place, business: null })
        toast({ title: 'Business Found!', description: `Successfully loaded ${place.name}`, variant: 'success' })
        return
      }
      try {
        const { business } = await api<SelectBusinessResponse>('/api/select-business', {
          method: 'POST',
          body: { placeId: place.place_id, complianceMode } satisfies SelectBusinessRequest,
        })
        setLimitReached(false)
        setChosen({ place: placeOf(business), business })
        toast({ title: 'Business Found!', description: `Successfully loaded ${business.name}`, variant: 'success' })
      } catch (error) {
        if (isLimitError(error)) return setLimitReached(true)
        setLimitReached(false)
        toast({ title: 'Selection Error', description: 'Failed to load business details. Please try again.', variant: 'error' })
      }
    },
    [complianceMode, toast]
  )
  const search = useBusinessSearch(select)

  // Back from sign-up with the place the visitor had chosen: add it now.
  const resumed = useRef(false)
  useEffect(() => {
    const placeId = params.get('placeId')
    if (!placeId || resumed.current || !getToken()) return
    resumed.current = true
    setParams({}, { replace: true })
    void search.choose({ place_id: placeId, name: '', address: '', rating: null, reviewCount: 0 })
  }, [params, setParams, search])

  return (
    <Layout user={user}>
      {chosen ? (
        <BusinessResult place={chosen.place} business={chosen.business} complianceMode={complianceMode} onBack={() => setChosen(null)} />
      ) : (
        <section className="hero">
          <div className="container">
            {user ? (
              <>
                <h1>Add Your First Business</h1>
                <p className="lead">Find your business on Google and get your review link and QR poster in a minute.</p>
              </>
            ) : (
              <>
                <h1>Boost your Google rating, one happy customer at a time</h1>
                <p className="lead">
                  Find your business and get one link and QR code that asks every customer for a rating, the way you choose here.
                </p>
              </>
            )}
            <div className="search-wrap">
              <RoutingChoice value={complianceMode} onChange={setComplianceMode} />
              <BusinessSearchForm search={search} />
              {limitReached && (
                <div className="alert alert--amber limit-notice" role="alert">
                  <p>{BUSINESS_LIMIT_MESSAGE}</p>
                  <Link className="button button--primary" to="/billing" reloadDocument>
                    Upgrade to Pro
                  </Link>
                </div>
              )}
            </div>
          </div>
        </section>
      )}

      <section className="section section--soft">
        <div className="container">
          <div className="section__head">
            <span className="eyebrow">How It Works</span>
            <h2>Three steps to more reviews</h2>
          </div>
          <div className="grid grid--3">
            {[
              ['Find your business', 'Search by name. We find your Google listing with its rating and review count.'],
              ['Generate your QR code', 'Get a short review link and a printable poster for your counter, table or bill.'],
              [
                'Choose how customers are asked',
                `“${ROUTING.byRating.label}” (4-5 stars on to Google, 1-3 private feedback) or “${ROUTING.everyone.label}” (1-3 stars may post on Google too).`,
              ],
            ].map(([title, text], index) => (
              <div className="card" key={title}>
                <div className="step-number">{index + 1}</div>
                <h3>{title}</h3>
                <p className="muted">{text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="section" id="features">
        <div className="container">
          <div className="section__head">
            <span className="eyebrow">Features</span>
            <h2>Everything a small business needs</h2>
          </div>
          <div className="grid grid--2 grid--4">
            {[
              ['qr', 'Review link and QR poster', 'One short link for WhatsApp and SMS, one poster for the shop.'],
              ['lock', 'Private feedback inbox', 'Hear about a cold meal before it becomes a 1-star review.'],
              ['chart', 'Simple analytics', 'Visits, ratings and how many customers reached Google.'],
              ['globe', 'Made for India', `Customer page in ${LANGUAGE_COUNT}, prices in rupees, UPI checkout.`],
            ].map(([icon, title, text]) => (
              <div className="card" key={title}>
                <div className="icon-badge">
                  <Icon name={icon as IconName} />
                </div>
                <h3>{title}</h3>
                <p className="muted">{text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>
    </Layout>
  )
}
