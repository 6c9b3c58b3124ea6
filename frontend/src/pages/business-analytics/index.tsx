export default function BusinessAnalyticsPage() {
  return <h1>Business analytics</h1>
}
