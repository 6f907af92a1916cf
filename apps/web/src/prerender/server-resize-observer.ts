// Stand-in for 'resize-observer-polyfill' in the server renders (prerender-plugin.ts aliases it): Node has no
// ResizeObserver, and nothing is laid out there to observe; Arco's Trigger makes one as it is constructed.
export default class ServerResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
