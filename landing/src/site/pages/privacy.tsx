import { TextPage } from '#site/components/layout'
import { SectionIndex, TextSections } from '#site/components/text-sections'
import { PRIVACY_INTRO, PRIVACY_SECTIONS, PRIVACY_UPDATED } from '#site/content/privacy'
import { useSession } from '#site/session'

export default function PrivacyPage() {
  const { user } = useSession()
  return (
    <TextPage user={user} title="Privacy Policy" updated={PRIVACY_UPDATED}>
      <p className="lead">{PRIVACY_INTRO}</p>
      <SectionIndex sections={PRIVACY_SECTIONS} />
      <TextSections sections={PRIVACY_SECTIONS} />
    </TextPage>
  )
}
