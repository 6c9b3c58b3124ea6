import type { BusinessSearch } from '@reviewroute/web-shared/search'

/** The search card of /add-business, driven by the shared search rules. */
export function BusinessSearchForm({ search, label = 'Business name' }: { search: BusinessSearch; label?: string }) {
  return (
    <form
      className="search-card card card--shadow"
      role="search"
      onSubmit={(event) => {
        event.preventDefault()
        search.submit()
      }}
    >
      <div className="field">
        <label htmlFor="business-name">{label}</label>
        <div className="search-card__row">
          <input
            id="business-name"
            type="text"
            autoComplete="off"
            placeholder="e.g. Sharma Sweets, Koramangala"
            value={search.text}
            onChange={(event) => search.setText(event.target.value)}
            aria-invalid={Boolean(search.error)}
            aria-describedby={search.error ? 'business-name-error' : undefined}
            aria-autocomplete="list"
            aria-controls="business-suggestions"
          />
          <button className="button button--primary" type="submit" disabled={!search.canSubmit}>
            {search.selecting ? 'Loading…' : search.searching ? 'Searching…' : 'Find My Business'}
          </button>
        </div>
        {search.error && (
          <p className="field__error" id="business-name-error" role="alert">
            {search.error}
          </p>
        )}
      </div>
      {search.suggestions.length > 0 && (
        <ul className="suggestions" id="business-suggestions" aria-label="Matching businesses">
          {search.suggestions.map((place) => (
            <li key={place.place_id}>
              <button type="button" onClick={() => void search.choose(place)} disabled={search.selecting}>
                {place.name}
                <small>{place.address}</small>
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  )
}
