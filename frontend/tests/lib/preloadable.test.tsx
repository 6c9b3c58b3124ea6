import { act, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { preloadable } from '#lib/preloadable'

const Page = ({ name }: { name: string }) => <p>Hello {name}</p>

describe('preloadable screens (docs/architecture.md#dashboard-on-a-phone)', () => {
  it('renders at once, without the fallback, once preloaded', async () => {
    const Screen = preloadable(() => Promise.resolve({ default: Page }))
    await Screen.preload()
    render(
      <Suspense fallback={<p>Waiting</p>}>
        <Screen name="Asha" />
      </Suspense>
    )
    // Synchronously: no suspended first render, so no fallback and no 300 ms hold-back.
    expect(screen.getByText('Hello Asha')).toBeInTheDocument()
    expect(screen.queryByText('Waiting')).not.toBeInTheDocument()
  })

  it('is an ordinary lazy screen before that', async () => {
    let loads = 0
    const Screen = preloadable(() => (loads++, Promise.resolve({ default: Page })))
    render(
      <Suspense fallback={<p>Waiting</p>}>
        <Screen name="Ravi" />
      </Suspense>
    )
    expect(screen.getByText('Waiting')).toBeInTheDocument()
    expect(await screen.findByText('Hello Ravi')).toBeInTheDocument()
    expect(loads).toBe(1)
  })

  it('leaves a failed preload to the render, which tries again', async () => {
    let loads = 0
    const Screen = preloadable<{ name: string }>(() =>
      ++loads === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Page })
    )
    await act(() => Screen.preload())
    render(
      <Suspense fallback={<p>Waiting</p>}>
        <Screen name="Meena" />
      </Suspense>
    )
    expect(await screen.findByText('Hello Meena')).toBeInTheDocument()
    expect(loads).toBe(2)
  })
})
