// Stand-in for 'resize-observer-polyfill' (aliased in vite.config.ts): the native class.
export default globalThis.ResizeObserver;
