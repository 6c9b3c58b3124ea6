import { Component, type ReactNode } from 'react'

interface Texts {
  title: string
  text: string
  reload: string
}

/** The top-level 'Something went wrong' screen every bundle has (DECISIONS 11). */
export class ErrorBoundary extends Component<{ children: ReactNode; texts: Texts }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  render() {
    if (!this.state.failed) return this.props.children
    const { title, text, reload } = this.props.texts
    return (
      <main className="card card--center" role="alert">
        <h1>{title}</h1>
        <p className="muted">{text}</p>
        <button className="primary" type="button" onClick={() => window.location.reload()}>
          {reload}
        </button>
      </main>
    )
  }
}
