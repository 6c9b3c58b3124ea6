import { it, vi, expect } from 'vitest'
it('probe', () => {
  const d = Object.getOwnPropertyDescriptor(window, 'location')
  console.log('desc', d && { configurable: d.configurable, writable: d.writable, get: !!d.get })
  const ad = Object.getOwnPropertyDescriptor(window.location, 'assign')
  console.log('assign', ad && { configurable: ad.configurable, writable: ad.writable })
  try { vi.spyOn(window.location, 'assign').mockImplementation(() => {}); console.log('spy ok') } catch (e) { console.log('spy fail', String(e)) }
  try { vi.stubGlobal('location', { ...window.location, assign: vi.fn() }); console.log('stub ok', typeof window.location.assign) } catch (e) { console.log('stub fail', String(e)) }
  window.history.pushState({}, '', '/feedbacks?x=1')
  console.log(window.location.pathname)
})
