/**
 * Signed calls from many clients for the cluster test: each client has its own device (X-Fingerprint),
 * its own session and its own source address on the loopback range (127.0.0.x), so HAProxy sees as many
 * clients as there are sessions, and the replicas see their addresses through X-Forwarded-For. Every
 * request is signed when it is sent (its own nonce), and every outcome is kept: when it was sent, when
 * it was answered, the status and which replica answered (HAProxy's X-Atrium-Replica header).
 */
import { Agent, request } from 'node:http';
import http2 from 'node:http2';
import { connect as netConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { signHeaders, type SigningCredential } from '@atrium/contracts';

export interface Client {
  fingerprint: string;
  /** Source address of this client's connections (127.0.0.x). */
  address: string;
  agent: Agent;
  token?: string;
}

export interface Answer {
  status: number;
  replica: string | undefined;
  body: any;
}

export interface Outcome {
  method: string;
  path: string;
  /** Milliseconds (performance.now()) when the request was handed to the socket, and when it ended. */
  sent: number;
  ended: number;
  status: number;
  replica: string | undefined;
  /** A network error instead of an answer, or the error key of one that is not 200. */
  error?: string;
  /** The code of the role a write created. */
  code?: string;
  /** The id the server gave it (200 only). */
  id?: number;
}

export function newClient(n: number, prefix: string): Client {
  const address = `127.0.0.${10 + n}`;
  return { fingerprint: `${prefix}-device-${n}`, address, agent: new Agent({ keepAlive: true, maxSockets: 8, localAddress: address }) };
}

/** Signed headers for one call (the test credential; the client's device and session). */
export async function signedRequest(credential: SigningCredential, client: Client, method: string, path: string, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { 'X-Fingerprint': client.fingerprint, 'Accept-Language': 'en-US' };
  if (client.token) headers['Access-Token'] = client.token;
  if (text !== undefined) headers['Content-Type'] = 'application/json';
  const q = path.indexOf('?');
  const signed = await signHeaders(credential, { method, path: q === -1 ? path : path.slice(0, q), query: q === -1 ? '' : path.slice(q + 1), headers, body: text ?? '' });
  return { method, path, headers: signed, body: text };
}

/** Sends a request (already signed) from the client's address; resolves with the answer or rejects on a network error. */
export function send(url: string, client: Client, req: { method: string; path: string; headers: Record<string, string>; body?: string }, extraHeaders: Record<string, string> = {}): Promise<Answer> {
  const target = new URL(req.path, url);
  return new Promise((ok, fail) => {
    const r = request(target, { method: req.method, agent: client.agent, headers: { ...req.headers, ...extraHeaders } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('error', fail);
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // HAProxy's own error pages are HTML
        }
        ok({ status: res.statusCode ?? 0, replica: res.headers['x-atrium-replica'] as string | undefined, body });
      });
    });
    r.setTimeout(30_000, () => r.destroy(new Error('no answer in 30 s')));
    r.on('error', fail);
    r.end(req.body);
  });
}

export interface LoadOptions {
  url: string;
  credential: SigningCredential;
  clients: Client[];
  /** Requests in flight at once. */
  workers: number;
  /** Stops by itself after this many requests or this long, whichever comes first. */
  maxRequests: number;
  maxSeconds: number;
  /** Every n-th request creates a role with a unique code (POST /api/system/roles); the rest read. */
  writeEvery: number;
  /** Unique per load: the codes' prefix (a lower-case letter first, then lower-case letters, digits and `-`). */
  codePrefix: string;
}

// The core's calls (no demo needed): a list page, the user's info, the menu.
const READS = [
  ['GET', '/api/system/users?current=1&pageSize=10'],
  ['POST', '/api/user/info'],
  ['GET', '/api/user/menu'],
] as const;

/** Starts the load at once; `stop()` ends it (the requests in flight get their answers) and returns every outcome. */
export function startLoad(o: LoadOptions) {
  const outcomes: Outcome[] = [];
  const started = performance.now();
  let n = 0;
  let stopped = false;
  const worker = async (w: number) => {
    while (!stopped && n < o.maxRequests && performance.now() - started < o.maxSeconds * 1000) {
      const i = n++;
      const client = o.clients[(i + w) % o.clients.length]!;
      const write = i % o.writeEvery === 0;
      const code = write ? `${o.codePrefix}-${i}` : undefined;
      const req = write
        ? await signedRequest(o.credential, client, 'POST', '/api/system/roles', { code, name: `Cluster ${code}`, permissions: ['audit:read'] })
        : await signedRequest(o.credential, client, READS[i % READS.length]![0], READS[i % READS.length]![1]);
      const sent = performance.now();
      try {
        const a = await send(o.url, client, req);
        const id = write && a.status === 200 ? (a.body.data.id as number) : undefined;
        const error = a.status === 200 ? undefined : ((a.body?.data?.error as string | undefined) ?? String(a.status));
        outcomes.push({ method: req.method, path: req.path, sent, ended: performance.now(), status: a.status, replica: a.replica, code, id, error });
      } catch (err) {
        outcomes.push({ method: req.method, path: req.path, sent, ended: performance.now(), status: 0, replica: undefined, error: (err as Error).message, code });
      }
    }
  };
  const running = Promise.all(Array.from({ length: o.workers }, (_, w) => worker(w)));
  return {
    outcomes,
    async stop(): Promise<Outcome[]> {
      stopped = true;
      await running;
      return outcomes;
    },
  };
}

export const failed = (outcomes: Outcome[]) => outcomes.filter((x) => x.status !== 200);

/**
 * What a request that a replica was running when it died gets: HAProxy sends it once more to another
 * replica, which refuses it as a replay when the first had recorded its nonce (400 REPLAYED); 502 (or the
 * connection closed) when HAProxy could not try again.
 */
export const LOST_IN_FLIGHT = ['REPLAYED', '502', 'socket hang up'];

export const describeFailures = (outcomes: Outcome[]) =>
  failed(outcomes)
    .slice(0, 10)
    .map((x) => `${x.method} ${x.path}: ${x.error ?? x.status} from ${x.replica ?? 'no replica'}`)
    .join('\n');

export interface Http2Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  /** The protocol TLS agreed on (ALPN): `h2`. */
  alpn: string | false | undefined;
}

/**
 * One request over HTTP/2 and TLS, as a browser sends it to HAProxy's TLS port: a connection of its own
 * (from `localAddress` when given), the run's self-signed certificate as the only one trusted.
 */
export function sendHttp2(url: string, ca: string, req: { method: string; path: string; headers?: Record<string, string>; body?: string }, localAddress?: string): Promise<Http2Answer> {
  return new Promise((ok, fail) => {
    const { hostname, port } = new URL(url);
    // the connection made here, for its source address; offering h2 alone, as ALPN lets a client do
    const session = http2.connect(url, { createConnection: () => tlsConnect({ socket: netConnect({ host: hostname, port: Number(port), localAddress }), host: hostname, ca, ALPNProtocols: ['h2'] }) });
    session.once('error', fail);
    // as a browser's fetch() does: a POST or PUT states its length, 0 without a body (HAProxy would pass an
    // h2 request body of no stated length to the replica chunked, and an empty chunked body without a
    // Content-Type is refused there: 415)
    const length = req.body === undefined ? (['POST', 'PUT'].includes(req.method) ? 0 : undefined) : Buffer.byteLength(req.body);
    const stream = session.request({ ':method': req.method, ':path': req.path, ...req.headers, ...(length === undefined ? {} : { 'content-length': String(length) }) });
    stream.setEncoding('utf8');
    let status = 0;
    let headers: Record<string, string | string[] | undefined> = {};
    let text = '';
    stream.once('response', (h) => {
      status = Number(h[':status']);
      headers = h;
    });
    stream.on('data', (d: string) => (text += d));
    stream.once('error', fail);
    stream.once('end', () => {
      const alpn = session.alpnProtocol;
      session.close();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // a document, or HAProxy's own error page
      }
      ok({ status, headers, body, alpn });
    });
    stream.end(req.body);
  });
}
