import { Link } from 'react-router'
import { ContactForm } from '#site/components/contact-form'
import { Layout } from '#site/components/layout'
import { SupportHours } from '#site/components/support-hours'
import { HELP_SECTIONS } from '#site/content/help'
import { EMAIL_RESPONSE, SALES_EMAIL, SUPPORT_EMAIL, WHATSAPP_SUPPORT } from '@reviewroute/web-shared/constants'
import { useSession } from '#site/session'

/** The help sections most questions are about. */
const HELP_TOPICS = ['getting-started', 'qr-poster', 'routing', 'compliance-mode', 'free-plan', 'billing']
  .map((id) => HELP_SECTIONS.find((section) => section.id === id))
  .filter((section) => section !== undefined)

function Channels() {
  return (
    <section className="card contact-card" aria-labelledby="contact-channels">
      <h2 id="contact-channels">Other ways to reach us</h2>
      <ul className="channel-list">
        <li>
          <span className="channel-list__label">Support</span>
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          <span className="muted">Account, QR codes, billing, refunds</span>
        </li>
        <li>
          <span className="channel-list__label">Sales</span>
          <a href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</a>
          <span className="muted">Several outlets, partnerships</span>
        </li>
        <li>
          <span className="channel-list__label">WhatsApp</span>
          <a href={WHATSAPP_SUPPORT} target="_blank" rel="noopener noreferrer">
            Chat with us on WhatsApp
          </a>
          <span className="muted">Priority chat support for Pro subscribers</span>
        </li>
      </ul>
    </section>
  )
}

function Hours() {
  return (
    <section className="card contact-card" aria-labelledby="contact-hours">
      <h2 id="contact-hours">Business hours</h2>
      <SupportHours />
      <p className="muted fine-print">
        Emails are answered {EMAIL_RESPONSE}. Messages sent outside these hours are answered when we are back.
      </p>
    </section>
  )
}

function HelpTopics() {
  return (
    <section className="card contact-card" aria-labelledby="contact-help">
      <h2 id="contact-help">Quick answers</h2>
      <ul className="link-list">
        {HELP_TOPICS.map((section) => (
          <li key={section.id}>
            <Link to={`/help#${section.id}`}>{section.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

export default function ContactPage() {
  const { user } = useSession()
  return (
    <Layout user={user}>
      <div className="container contact-page">
        <header className="contact-page__head">
          <h1>Contact Us</h1>
          <p className="lead">
            Questions about ReviewRoute, your account or a payment? Write to us and a person on our team will answer {EMAIL_RESPONSE}.
          </p>
        </header>
        <div className="contact-page__grid">
          <section className="card contact-page__form" aria-labelledby="contact-form-title">
            <h2 id="contact-form-title">Send us a message</h2>
            <ContactForm key={user?.id ?? 'visitor'} user={user} />
          </section>
          <div className="contact-page__side">
            <Channels />
            <Hours />
            <HelpTopics />
          </div>
        </div>
      </div>
    </Layout>
  )
}
