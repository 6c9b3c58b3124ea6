/*
 * Renders its children once the place they go scrolls into view. The overview's lower cards (QR poster,
 * projections) bring the QR library and a number input; loading them on the way down keeps them out of the
 * first screen's download (budget: 350 KB gzip).
 */
import { Card, Skeleton } from 'antd'
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react'

function Placeholder({ title }: { title: string }) {
  return (
    <Card title={title} style={{ height: '100%', minHeight: 320 }}>
      <Skeleton active paragraph={{ rows: 5 }} />
    </Card>
  )
}

export function WhenVisible({ title, children }: { title: string; children: ReactNode }) {
  const anchor = useRef<HTMLDivElement>(null)
  // Without IntersectionObserver (old browsers, tests) there is nothing to wait for.
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined')

  useEffect(() => {
    const element = anchor.current
    if (visible || !element) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [visible])

  if (!visible)
    return (
      <div ref={anchor} style={{ height: '100%' }}>
        <Placeholder title={title} />
      </div>
    )
  return <Suspense fallback={<Placeholder title={title} />}>{children}</Suspense>
}
