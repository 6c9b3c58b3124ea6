import { Link } from 'react-router'

export function Logo() {
  return (
    <Link to="/" className="logo" aria-label="ReviewRoute home">
      <svg viewBox="0 0 64 64" width="32" height="32" aria-hidden="true">
        <circle cx="32" cy="32" r="32" fill="#2563eb" />
        <path fill="#fff" d="M32 12l5.9 12.4 13.6 1.7-10 9.4 2.6 13.5L32 42.3 19.9 49l2.6-13.5-10-9.4 13.6-1.7z" />
      </svg>
      <span>ReviewRoute</span>
    </Link>
  )
}
