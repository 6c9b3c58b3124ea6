import { Link } from 'react-router'
import { Layout } from '#site/components/layout'
import { useSession } from '#site/session'

export default function NotFoundPage() {
  const { user } = useSession()
  return (
    <Layout user={user}>
      <section className="container not-found">
        {/* The big code says 404 once; the heading says the rest. */}
        <p className="not-found__code">404</p>
        <h1>Page not found</h1>
        <p className="muted">The page you are looking for does not exist or has moved.</p>
        <Link className="button button--primary" to="/">
          Back to home
        </Link>
      </section>
    </Layout>
  )
}
