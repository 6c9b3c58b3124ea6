/** A MediaQueryList for `query` that answers `matches` and never changes: jsdom has no matchMedia of its own. */
export const fakeMediaQueryList = (query: string, matches: boolean) =>
  ({
    matches,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList
