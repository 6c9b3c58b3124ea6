import type { ReactNode } from 'react'
import type { UserDto } from '@reviewroute/backend/types/api'
import { Header, type NavAnchor } from './header'
import { Footer } from './footer'

/** Header, page, footer: every site page. */
export function Layout({ user, anchors, children }: { user: UserDto | null; anchors?: NavAnchor[]; children: ReactNode }) {
  return (
    <>
      <Header user={user} anchors={anchors} />
      <main id="main">{children}</main>
      <Footer user={user} />
    </>
  )
}

/** A plain text page (legal, help, about): title, last-updated line, then sections. */
export function TextPage({
  user,
  title,
  updated,
  children,
}: {
  user: UserDto | null
  title: string
  updated?: string
  children: ReactNode
}) {
  return (
    <Layout user={user}>
      <article className="container text-page">
        <h1>{title}</h1>
        {updated && <p className="muted">Last updated: {updated}</p>}
        {children}
      </article>
    </Layout>
  )
}
