/**
 * React warns that layout effects do not run on the server: expected in a server render (the console's own
 * render runs them when it takes over), so that one warning is left out of the output.
 */
export function quietly(render: () => string): string {
  const original = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('useLayoutEffect does nothing on the server')) return;
    original(...args);
  };
  try {
    return render();
  } finally {
    console.error = original;
  }
}
