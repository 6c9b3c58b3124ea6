/*
 * A lazy screen that renders without suspending once its module is here. React's lazy() suspends on its first
 * render even when the import has already finished, and a fallback once shown holds the content back a further
 * 300 ms: on a phone that was a third of the overview's repeat-visit time (docs/architecture.md#dashboard-on-a-phone). `preload()` fetches
 * the module early; from then on the screen renders at once, and before then it is an ordinary lazy screen.
 */
import { lazy, type ComponentType } from 'react'

export function preloadable<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let loaded: ComponentType<Props> | undefined
  const fetchModule = () => load().then((module) => ((loaded = module.default), module))
  const Lazy = lazy(fetchModule)
  function Screen(props: Props) {
    const Loaded = loaded ?? Lazy
    return <Loaded {...props} />
  }
  /** Starts fetching the module; a failure is left to the render, which tries again through lazy(). */
  Screen.preload = () =>
    fetchModule().then(
      () => undefined,
      () => undefined
    )
  return Screen
}
