import type { Server } from 'node:http';
import net, { type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A graceful stop (SIGTERM, SIGINT, or the parent process gone): readiness turns 503 and, behind a load
 * balancer, the server goes on serving new requests for the drain period (SHUTDOWN_DRAIN_SECONDS) while
 * the balancer's health checks notice and move the traffic elsewhere; then it stops accepting
 * connections, every request already received gets its answer and each connection closes after its
 * current answer (`Connection: close`, never a reset); past the drain limit the remaining connections are
 * closed (an export in progress ends unterminated, which its client sees as an error).
 */

/**
 * Counts stop requests. One Ctrl-C or `kill -TERM` often arrives twice or three times within a few
 * milliseconds: from the process group, forwarded by `scripts/start.mjs`, by npm, or by a supervisor that
 * signals every process of the service. Requests closer than `duplicateWindowMs` to the last one counted
 * are copies; the first counted one starts the drain, the second is only logged, the third forces exit.
 */
export class StopRequests {
  private counted = 0;
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly duplicateWindowMs = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get stopping(): boolean {
    return this.counted > 0;
  }

  take(): 'stop' | 'duplicate' | 'again' | 'force' {
    const at = this.now();
    if (this.counted > 0 && at - this.lastAt < this.duplicateWindowMs) return 'duplicate';
    this.lastAt = at;
    this.counted += 1;
    return this.counted === 1 ? 'stop' : this.counted === 2 ? 'again' : 'force';
  }
}

const openSockets = new WeakMap<Server, Set<Socket>>();

/** Keeps the server's open connections at hand for drainApp() (called once per app, at build). */
export function trackConnections(server: Server): void {
  const sockets = new Set<Socket>();
  openSockets.set(server, sockets);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
}

/** How often, while draining, connections with nothing in progress are looked at (and closed). */
const REAP_INTERVAL_MS = 100;
/**
 * How long a connection must have had nothing in progress before the drain closes it. A client reuses a
 * kept-alive connection the moment it has read an answer (the last megabytes of an export may still be
 * on their way to it when the server is done writing), and one that writes its next request after the
 * close gets a reset: a second covers that moment, and delays a stop by at most as much.
 */
const IDLE_GRACE_MS = 1000;

/**
 * A request is in progress on the connection (Node's own test in http.Server#closeIdleConnections), or
 * an answer's bytes are still queued in it.
 */
const busy = (socket: Socket) => {
  const res = (socket as Socket & { _httpMessage?: { writableEnded: boolean } | null })._httpMessage;
  return Boolean(res && !res.writableEnded) || socket.writableLength > 0;
};

/** How long the drain waits for a quiet turn of the event loop before it stops accepting (acceptBacklog). */
const BACKLOG_LIMIT_MS = 2000;
/** A turn of the event loop this short, with no connection accepted in it, leaves nothing in the backlog. */
const QUIET_TURN_MS = 5;

/**
 * Resolves once the kernel's queue of connections waiting to be accepted is empty, or after
 * BACKLOG_LIMIT_MS. Closing the listening socket resets every connection still in that queue, and the
 * kernel completes a client's handshake before Node accepts it, so its request is already written: to the
 * client that is a request in flight answered with ECONNRESET. Node accepts only in the poll phase, and
 * while the event loop is busy (PGlite runs its queries on this thread; a signal to a process group wakes
 * every process of it at once on a small machine) a poll phase can be hundreds of milliseconds away, with
 * dozens of connections queued meanwhile. So the drain waits for a turn that took at most QUIET_TURN_MS
 * and accepted nothing: the listening socket then closes a few milliseconds after the kernel's queue was
 * seen empty. Each setImmediate() below resolves in the check phase right after a poll phase.
 */
async function acceptBacklog(server: Server): Promise<void> {
  let accepted = 0;
  const count = () => accepted++;
  server.on('connection', count);
  const until = Date.now() + BACKLOG_LIMIT_MS;
  try {
    // the first turn may end in the poll phase under way (the signal's): it proves nothing
    await new Promise((resolve) => setImmediate(resolve));
    for (;;) {
      const before = accepted;
      const startedAt = performance.now();
      await new Promise((resolve) => setImmediate(resolve));
      if ((accepted === before && performance.now() - startedAt <= QUIET_TURN_MS) || Date.now() >= until) return;
    }
  } finally {
    server.off('connection', count);
  }
}

/**
 * Drains and closes the app. `draining` turns /readyz 503 and marks every answer from now on
 * `Connection: close` (health.routes.ts), so Node closes each connection once its current answer is
 * sent. For `drainMs` the server still accepts connections and serves them as usual (a balancer that
 * has not yet seen the 503 keeps sending requests, and each is answered); then, once the connections
 * already queued in the kernel are accepted (acceptBacklog), the listening socket closes (new
 * connections are refused). A connection with nothing in progress for IDLE_GRACE_MS is
 * closed, looked at every REAP_INTERVAL_MS after the event loop has read what the connections sent (a
 * request on its way makes its connection busy: it is served, not reset). `limitMs` after the listening
 * socket closed, every connection still open is closed; resolves with how many were busy. Then
 * app.close() runs the close hooks.
 *
 * Fastify's close alone would reset requests: Node's http.Server#close() closes every idle connection
 * at once, including a fresh one whose request sits unread in its socket buffer (the event loop was
 * busy) and one a client is reusing right now; and it keeps a connection kept alive after an answer
 * begun before the drain open for the whole keep-alive timeout. (Fastify's return503OnClosing does not
 * apply: its closing state begins once no connection is left.)
 */
export async function drainApp(app: FastifyInstance, limitMs: number, drainMs = 0): Promise<{ cut: number }> {
  app.draining = true;
  if (drainMs > 0) {
    await new Promise((resolve) => setTimeout(resolve, drainMs));
    app.log.info('drain period over: no new connections, finishing the running requests');
  }
  const server = app.server;
  const sockets = openSockets.get(server) ?? new Set<Socket>();
  await acceptBacklog(server);
  // net.Server's close: stops accepting and calls back once every connection has ended (http.Server's
  // would also close the idle ones at once, see above).
  const drained = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));

  const idleSince = new WeakMap<Socket, number>();
  const reap = () => {
    const now = Date.now();
    for (const socket of sockets) {
      if (busy(socket)) {
        idleSince.delete(socket);
        continue;
      }
      const since = idleSince.get(socket) ?? now;
      idleSince.set(socket, since);
      if (now - since >= IDLE_GRACE_MS) socket.destroy();
    }
  };
  let reaping = true;
  let reaper: NodeJS.Timeout | undefined;
  const reapSoon = () => {
    reaper = setTimeout(() => {
      // After the poll phase: what the connections sent meanwhile has been read (they are busy now).
      setImmediate(() => {
        if (!reaping) return;
        reap();
        reapSoon();
      });
    }, REAP_INTERVAL_MS);
  };
  reapSoon();

  let cut = 0;
  const limit = setTimeout(() => {
    cut = [...sockets].filter(busy).length;
    if (cut > 0) app.log.warn({ connections: cut }, `drain limit of ${limitMs / 1000} s reached: closing the connections still open`);
    for (const socket of sockets) socket.destroy();
    server.closeAllConnections();
  }, limitMs);

  try {
    await drained;
  } finally {
    reaping = false;
    clearTimeout(reaper);
    clearTimeout(limit);
  }
  await app.close();
  return { cut };
}
