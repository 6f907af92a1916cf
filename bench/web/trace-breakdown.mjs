/**
 * bench/web --trace: where a cold load's main thread spends its time until the content is ready, from a
 * Chromium trace of the load (issue 42: "the breakdown measured, not argued"). The renderer's main thread,
 * from navigation start to the content-ready frame, each trace event's own time (its duration less its
 * children's) put under one kind:
 *   - script: compiling and running JavaScript (module compile and evaluation, calls, timers, frames,
 *     microtasks, V8's tiering interrupts, a window's script context);
 *   - gc: the garbage collector;
 *   - parse HTML: the document's parsing, with its preload scanning and the navigation's commit;
 *   - style and layout;
 *   - paint (pre-paint, paint, layerize, commit);
 *   - requests: the renderer's handling of requests and their answers (sending, response, data, finish),
 *     where the trace times it;
 *   - task overhead: the time of a task outside any of its events (its scheduling and dispatch).
 * Plus the requests to the page's own origin that started before the content was ready (the document
 * included). `startTrace` before the navigation, `endTrace` once ready, `breakdown` on what it returns.
 */

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'loading', 'blink.user_timing', '__metadata'].join(',');

const KINDS = [
  ['gc', /^(MinorGC|MajorGC|V8\.GC|BlinkGC|ThreadState::|V8\.GC_)/],
  ['script', /^(V8\.BytecodeBudgetInterrupt|V8\.StackGuard|V8\.HandleInterrupts|v8\.newInstance|LocalWindowProxy::Initialize|EvaluateScript|v8\.compile|v8\.compileModule|v8\.evaluateModule|v8\.run|V8\.Execute|FunctionCall|TimerFire|FireAnimationFrame|FireIdleCallback|EventDispatch|RunMicrotasks|v8\.callFunction|v8\.produceCache|v8\.produceModuleCache|v8\.deserialize|V8\.CompileCode|V8\.ScriptCompiler|v8\.parseOnBackground|XHRReadyStateChange)/],
  ['parse HTML', /^(ParseHTML|HTMLDocumentParser::|DocumentLoader::CommitNavigation)/],
  ['style and layout', /^(UpdateLayoutTree|Layout|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation|InvalidateLayout|LayoutShift|IntersectionObserverController)/],
  ['paint', /^(Paint|PrePaint|Layerize|UpdateLayer|CompositeLayers|PaintImage|Commit|DecodeImage|ImageDecodeTask|Decode Image)/],
  ['requests', /^(ResourceSendRequest|ResourceReceiveResponse|ResourceReceivedData|ResourceFinish|ResourceWillSendRequest|ResourceChangePriority|ResourceLoadPriority|ThrottlingURLLoader|URLLoader|ResourceLoader|NavigationBodyLoader|WebURLLoader|MojoURLLoader)/],
];
export const KIND_NAMES = [...KINDS.map(([name]) => name), 'task overhead', 'other'];

export async function startTrace(cdp) {
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReturnAsStream' });
}

export async function endTrace(cdp) {
  const complete = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.end');
  const { stream } = await complete;
  const parts = [];
  for (;;) {
    const { data, eof, base64Encoded } = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
    parts.push(base64Encoded ? Buffer.from(data, 'base64').toString('utf8') : data);
    if (eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  const parsed = JSON.parse(parts.join(''));
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

const kindOf = (name) => KINDS.find(([, re]) => re.test(name))?.[0] ?? 'other';

/**
 * The main thread's time by kind (ms) from navigation start to `readyAt` (ms on the page's clock, which
 * starts at navigation start), in a trace of one load of `url`.
 */
export function breakdown(events, url, readyAt) {
  const starts = events.filter((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith(url));
  const start = starts.at(-1);
  if (!start) throw new Error(`trace: no navigationStart for ${url}`);
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === start.pid && e.args?.name === 'CrRendererMain');
  const tid = main?.tid ?? start.tid;
  const from = start.ts;
  const until = from + readyAt * 1000;
  const own = events
    .filter((e) => e.pid === start.pid && e.tid === tid && e.ph === 'X' && typeof e.dur === 'number' && e.ts + e.dur > from && e.ts < until)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const totals = Object.fromEntries(KIND_NAMES.map((k) => [k, 0]));
  // Self time: an event's span inside the window, less the spans of the events nested in it.
  const clip = (e) => Math.max(0, Math.min(e.ts + e.dur, until) - Math.max(e.ts, from));
  const stack = [];
  const self = new Map();
  for (const e of own) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    self.set(e, clip(e));
    if (parent) self.set(parent, self.get(parent) - clip(e));
    stack.push(e);
  }
  // What "other" holds, by event name: where to look next.
  const others = new Map();
  for (const [e, us] of self) {
    const kind = e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask' ? 'task overhead' : kindOf(e.name);
    totals[kind] += us / 1000;
    if (kind === 'other') others.set(e.name, (others.get(e.name) ?? 0) + us / 1000);
  }
  Object.defineProperty(totals, 'others', { value: [...others].sort((a, b) => b[1] - a[1]).slice(0, 5), enumerable: false });
  return totals;
}
