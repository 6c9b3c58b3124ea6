/*
 * Renders the long copy of the text pages (privacy, terms, help, about, refund), kept as data in
 * src/site/content/*.ts so the pages stay short and the copy reads in one place.
 */
import { useEffect, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router'

/** A run of text, or a link: paths starting with '/' stay in the site, anything else is a plain href. */
export type Inline = string | { text: string; href: string }
export type Paragraph = Inline | Inline[]
export type Block = Paragraph | { list: Paragraph[] }

export interface TextSection {
  id: string
  title: string
  blocks: Block[]
}

function InlineText({ inline }: { inline: Inline }) {
  if (typeof inline === 'string') return inline
  if (inline.href.startsWith('/')) return <Link to={inline.href}>{inline.text}</Link>
  const external = inline.href.startsWith('http')
  return (
    <a href={inline.href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {inline.text}
    </a>
  )
}

function Runs({ paragraph }: { paragraph: Paragraph }) {
  const runs = Array.isArray(paragraph) ? paragraph : [paragraph]
  return runs.map((inline, index) => <InlineText key={index} inline={inline} />)
}

function BlockView({ block }: { block: Block }) {
  if (typeof block === 'object' && !Array.isArray(block) && 'list' in block) {
    return (
      <ul>
        {block.list.map((item, index) => (
          <li key={index}>
            <Runs paragraph={item} />
          </li>
        ))}
      </ul>
    )
  }
  return (
    <p>
      <Runs paragraph={block} />
    </p>
  )
}

/** `extras` adds live content (a price table, a button) at the end of the section with that id. */
export function TextSections({ sections, extras = {} }: { sections: TextSection[]; extras?: Record<string, ReactNode> }) {
  useScrollToHash()
  return sections.map((section) => (
    <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
      <h2 id={`${section.id}-title`}>{section.title}</h2>
      {section.blocks.map((block, index) => (
        <BlockView key={index} block={block} />
      ))}
      {extras[section.id]}
    </section>
  ))
}

/** Links such as /help#routing or /#pricing arrive after the page has rendered lazily, too late for the browser's own scroll. */
export function useScrollToHash() {
  const { hash } = useLocation()
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.()
  }, [hash])
}

/** "On this page": links to each section of a long page. */
export function SectionIndex({ sections, label = 'On this page' }: { sections: TextSection[]; label?: string }) {
  return (
    <nav className="page-index" aria-label={label}>
      <p className="page-index__title">{label}</p>
      <ol>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
