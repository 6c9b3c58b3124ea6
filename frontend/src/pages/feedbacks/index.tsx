export default function FeedbacksPage() {
  return <h1>Customer Feedbacks</h1>
}
