import { Component, type ReactNode } from 'react'

interface Texts {
  title: string
  text: string
  reload: string
}

/** The top-level 'Something went wrong' screen every bundle has (docs/decisions.md D14). */
interface Props {
  children: ReactNode
  texts: Texts
  /** Draws the screen in the bundle's own look; gets the texts and the reload action. */
  render?: (texts: Texts, reload: () => void) => ReactNode
}

export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  render() {
    if (!this.state.failed) return this.props.children
    const reloadPage = () => window.location.reload()
    if (this.props.render) return this.props.render(this.props.texts, reloadPage)
    const { title, text, reload } = this.props.texts
    return (
      <main className="card card--center" role="alert">
        <h1>{title}</h1>
        <p className="muted">{text}</p>
        <button className="primary" type="button" onClick={reloadPage}>
          {reload}
        </button>
      </main>
    )
  }
}
