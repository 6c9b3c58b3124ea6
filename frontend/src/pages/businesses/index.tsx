export default function BusinessesPage({ view }: { view: 'businesses' | 'qr-codes' | 'analytics' }) {
  return <h1>My Businesses ({view})</h1>
}
