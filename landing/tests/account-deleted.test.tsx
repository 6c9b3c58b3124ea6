import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLocation } from 'react-router'
import { AFTER_DELETE_URL } from '@reviewroute/web-shared/constants'
import RootPage from '#site/pages/root'
import { mockFetch, renderAt } from './helpers'

function Address() {
  const location = useLocation()
  return <p data-testid="address">{location.pathname + location.search}</p>
}

const openAt = (url: string) =>
  renderAt(
    url,
    <>
      <RootPage />
      <Address />
    </>
  )

const NOTICE = 'Your account and its data were deleted.'

describe('/ after deleting the account (docs/decisions.md D29)', () => {
  beforeEach(() => {
    localStorage.clear()
    mockFetch({}, () => ({ body: [] }))
  })
  afterEach(() => vi.unstubAllGlobals())

  it('says the account is gone, what is kept, and drops the flag from the address', async () => {
    openAt(AFTER_DELETE_URL)
    const notice = await screen.findByRole('status')
    expect(notice).toHaveTextContent(NOTICE)
    expect(notice).toHaveTextContent('Payments and invoices are kept for 8 years because tax law requires it')
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/$/))
    // The page itself is there under the notice.
    expect(await screen.findByRole('heading', { level: 1, name: /Your customers love you/ })).toBeInTheDocument()
    expect(screen.getByText(NOTICE)).toBeInTheDocument()
  })

  it('can be dismissed', async () => {
    openAt(AFTER_DELETE_URL)
    await screen.findByText(NOTICE)
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument()
  })

  it('keeps other parameters and says nothing without the flag', async () => {
    openAt('/?utm_source=mail')
    expect(await screen.findByRole('heading', { level: 1, name: /Your customers love you/ })).toBeInTheDocument()
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument()
    expect(screen.getByTestId('address')).toHaveTextContent('/?utm_source=mail')
  })

  it('keeps other parameters when dropping the flag', async () => {
    openAt('/?account=deleted&utm_source=mail')
    expect(await screen.findByText(NOTICE)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/?utm_source=mail'))
  })
})
