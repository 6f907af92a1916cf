/**
 * The thin navigation progress bar at the top of the window (no spinner). A few lines
 * of our own instead of a library: it creates `#nprogress` while a navigation or chunk is loading,
 * trickles towards 90 %, then completes and fades out.
 */
let depth = 0;
let bar: HTMLDivElement | null = null;
let width = 0;
let trickle: ReturnType<typeof setInterval> | undefined;
let removal: ReturnType<typeof setTimeout> | undefined;

function render(): void {
  if (bar) (bar.firstElementChild as HTMLElement).style.width = `${width}%`;
}

function show(): void {
  clearTimeout(removal);
  if (!bar) {
    bar = document.createElement('div');
    bar.id = 'nprogress';
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-hidden', 'true');
    bar.innerHTML = '<div class="bar"></div>';
    document.body.appendChild(bar);
    width = 8;
  }
  bar.style.opacity = '1';
  render();
  clearInterval(trickle);
  trickle = setInterval(() => {
    width += (90 - width) * 0.1;
    render();
  }, 200);
}

function done(): void {
  clearInterval(trickle);
  if (!bar) return;
  width = 100;
  render();
  const current = bar;
  removal = setTimeout(() => {
    current.style.opacity = '0';
    removal = setTimeout(() => {
      current.remove();
      if (bar === current) bar = null;
    }, 200);
  }, 150);
}

/** Reference-counted so overlapping navigations and lazy chunks share one bar. */
export function startProgress(): void {
  depth += 1;
  if (depth === 1) show();
}

export function stopProgress(): void {
  depth = Math.max(0, depth - 1);
  if (depth === 0) done();
}
