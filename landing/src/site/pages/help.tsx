import { TextPage } from '#site/components/layout'
import { SupportHours } from '#site/components/support-hours'
import { TextSections } from '#site/components/text-sections'
import { HELP_CONTACT_SECTION, HELP_INTRO, HELP_SECTIONS } from '#site/content/help'
import { useSession } from '#site/session'

/** The topics as cards at the top, so the page reads as a help center rather than one long text. */
function TopicGrid() {
  return (
    <nav aria-label="Help topics">
      <ul className="topic-grid">
        {HELP_SECTIONS.filter((section) => section.id !== HELP_CONTACT_SECTION).map((section) => (
          <li key={section.id}>
            <a className="topic-card" href={`#${section.id}`}>
              {section.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export default function HelpPage() {
  const { user } = useSession()
  return (
    <TextPage user={user} title="Help Center">
      <p className="lead">{HELP_INTRO}</p>
      <TopicGrid />
      <TextSections sections={HELP_SECTIONS} extras={{ [HELP_CONTACT_SECTION]: <SupportHours /> }} />
    </TextPage>
  )
}
