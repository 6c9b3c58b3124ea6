import { TextPage } from '../components/Layout'
import { SectionIndex, TextSections } from '../components/TextSections'
import { PRIVACY_INTRO, PRIVACY_SECTIONS, PRIVACY_UPDATED } from '../content/privacy'
import { useSession } from '../session'

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
