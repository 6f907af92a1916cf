import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// `waitFor` and the `find*` queries wait up to 10 s, not Testing Library's 1 s: on two cores running the
// server suites or the browser suites beside these (decisions 041, 043), a page's first render alone has
// taken over a second, and a tree of eight nodes over three (2026-12-02). A wait that is never met still
// fails, 10 s later.
configure({ asyncUtilTimeout: 10_000 });

// Testing Library unmounts what a test rendered only where the test API is global, and it is not here:
// without this, a test finds the previous tests' trees still in the document (in a shuffled order, three
// "login" pages at once).
// Arco's date pickers set their panel back 100 ms after it closes (or after they mount closed), on a
// timer that outlives the unmount: a file that rendered one waits for it before its document goes, or the
// timer throws there ("window is not defined") and fails the run.
let pickerShown = false;
afterEach(() => {
  pickerShown ||= document.querySelector('.arco-picker') !== null;
  cleanup();
});
afterAll(async () => {
  if (pickerShown) await new Promise((done) => setTimeout(done, 150));
});

// A toast (Arco's Message) outlives the test that showed it, in a root of its own: its closing
// animation runs on timers, and one that fires once the file's document is gone throws ("window is not
// defined"). Any toast left is closed, and the file ends once it has gone.
afterAll(async () => {
  if (!document.querySelector('.arco-message')) return;
  const { Message } = await import('@arco-design/web-react');
  Message.clear();
  await vi.waitFor(
    () => {
      if (document.querySelector('.arco-message')) throw new Error('a toast is still closing');
    },
    { timeout: 3000, interval: 50 },
  );
});

// jsdom lacks matchMedia and ResizeObserver, which Arco's Grid, Form and Menu call.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// Both dictionaries with the slices' texts (as main.tsx joins them), so tests can translate in either language.
const { addSliceTexts, loadLocale } = await import('../lib/i18n');
const { webSlices } = await import('../slices');
addSliceTexts(webSlices);
await Promise.all([loadLocale('zh-CN'), loadLocale('en-US')]);
export {};
