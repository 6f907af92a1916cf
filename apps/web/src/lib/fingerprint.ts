const FINGERPRINT_STORAGE_KEY = 'fingerprint';

/** A random time-based id, used when FingerprintJS cannot run (a silent fallback). */
function fallbackFingerprint(): string {
  const random = new Uint8Array(8);
  crypto.getRandomValues(random);
  const hex = Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('');
  return `t${Date.now().toString(36)}${hex}`;
}

function store(value: string): string {
  try {
    localStorage.setItem(FINGERPRINT_STORAGE_KEY, value);
  } catch {
    // storage blocked: the id lives in memory for this page
  }
  memory = value;
  return value;
}

let memory = '';

/** The device id this browser stored, or null before it has one (the document's first calls need it). */
export function storedFingerprint(): string | null {
  try {
    return localStorage.getItem(FINGERPRINT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The device id every request carries (X-Fingerprint); created on demand if start-up could not. */
function getFingerprint(): string {
  try {
    const stored = localStorage.getItem(FINGERPRINT_STORAGE_KEY);
    if (stored) return stored;
  } catch {
    if (memory) return memory;
  }
  return memory || store(fallbackFingerprint());
}

/**
 * Computes the device id with FingerprintJS 5 (monitoring off) once per browser and stores it. A
 * stored id is kept, so a session bound to it survives library upgrades. Never throws.
 */
export function initFingerprint(): Promise<string> {
  ready ??= computeFingerprint();
  return ready;
}

let ready: Promise<string> | null = null;

/** Resolves once start-up has stored the device id (requests wait for it rather than race it). */
export function whenFingerprintReady(): Promise<string> {
  return ready ?? Promise.resolve(getFingerprint());
}

async function computeFingerprint(): Promise<string> {
  try {
    const existing = localStorage.getItem(FINGERPRINT_STORAGE_KEY);
    if (existing) return existing;
  } catch {
    return getFingerprint();
  }
  // FingerprintJS reads the page (a forced layout, about 150 ms on this machine class): it runs once the
  // first view is on screen and the main thread is idle, not inside the first frame.
  await afterFirstPaint();
  try {
    const { load } = await import('@fingerprintjs/fingerprintjs');
    const agent = await load({ monitoring: false });
    const { visitorId } = await agent.get();
    return store(visitorId || fallbackFingerprint());
  } catch {
    return store(fallbackFingerprint());
  }
}

function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 1000 }) : setTimeout(resolve, 50));
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(idle, 0));
    else idle();
  });
}
