import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppErrorBoundary } from '#components/error-screen'
import { stubLocation } from './chrome-helpers'

function Broken(): never {
  throw new Error('render failed')
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('top-level error screen (docs/screens.md, docs/decisions.md D14)', () => {
  it('shows its children while nothing fails', () => {
    render(
      <AppErrorBoundary>
        <p>All good</p>
      </AppErrorBoundary>
    )
    expect(screen.getByText('All good')).toBeInTheDocument()
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument()
  })

  it('replaces a crashed app with "Something went wrong", the sentence and Reload Page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const location = stubLocation('/dashboard')
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>
    )
    const screenAlert = screen.getByRole('alert')
    expect(screenAlert).toHaveTextContent('Something went wrong')
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByText('The application encountered an error and cannot continue.')).toBeInTheDocument()
    expect(screen.queryByText('render failed')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }))
    expect(location.reload).toHaveBeenCalledTimes(1)
  })
})
