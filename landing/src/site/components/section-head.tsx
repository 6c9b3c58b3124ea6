import type { ReactNode } from 'react'

/** The centred eyebrow, title and intro line that open every landing section. */
export function SectionHead({ eyebrow, title, id, children }: { eyebrow?: string; title: string; id?: string; children?: ReactNode }) {
  return (
    <div className="section__head">
      {eyebrow && <span className="eyebrow">{eyebrow}</span>}
      <h2 id={id}>{title}</h2>
      {children && <p className="muted">{children}</p>}
    </div>
  )
}
