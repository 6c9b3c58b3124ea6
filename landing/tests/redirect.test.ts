import { safeRedirect, signInUrl } from '@reviewroute/web-shared/redirect'

const ORIGIN = 'https://reviewroute.in'
const check = (target: string | null) => safeRedirect(target, '/dashboard', ORIGIN)

describe('safeRedirect: same-origin paths only, decided by parsing', () => {
  it.each([
    ['/feedbacks', '/feedbacks'],
    ['/billing?source=signup', '/billing?source=signup'],
    ['/business/7#funnel', '/business/7#funnel'],
    [`${ORIGIN}/profile`, '/profile'],
  ])('%s stays %s', (target, expected) => {
    expect(check(target)).toBe(expected)
  })

  it.each([
    null,
    '',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '\t//evil.example',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/dashboard',
    'https://reviewroute.in.evil.example/',
    'http://reviewroute.in/dashboard',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    `${ORIGIN}//evil.example`,
  ])('%j falls back to /dashboard', (target) => {
    expect(check(target)).toBe('/dashboard')
  })

  it('a sign-in link never carries a foreign target', () => {
    expect(signInUrl('/\t/evil.example', ORIGIN)).toBe('/auth?mode=signin&redirect=%2Fdashboard')
    expect(signInUrl('/feedbacks?rating=2', ORIGIN)).toBe(`/auth?mode=signin&redirect=${encodeURIComponent('/feedbacks?rating=2')}`)
  })
})
