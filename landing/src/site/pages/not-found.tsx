import { Link } from 'react-router'
import { Layout } from '#site/components/layout'
import { useSession } from '#site/session'

export default function NotFoundPage() {
  const { user } = useSession()
  return (
    <Layout user={user}>
      <section className="container not-found">
        <p className="not-found__code" aria-hidden="true">404</p>
        <h1>404 Page Not Found</h1>
        <p className="muted">The page you are looking for does not exist or has moved.</p>
        <Link className="button button--primary" to="/">
          Back to home
        </Link>
      </section>
    </Layout>
  )
}
