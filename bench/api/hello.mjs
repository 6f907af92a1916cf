// Reference servers for bench/api, each run as its own process exactly like the real server:
// - a bare Fastify hello-world answering JSON: the ratio shows what Atrium's pipeline costs here;
// - HELLO_PG_MODE=select (with HELLO_PG_URL): the same answering after one PostgreSQL round trip
//   (`select 1`, prepared): the floor of any design that asks the database once per request;
// - HELLO_PG_MODE=nonce: the same answering after recording a fresh nonce in a PostgreSQL table, the
//   requests of one turn of the event loop in one statement (group commit, as Atrium's gate does). This is
//   all the signing contract asks of the database per signed request (a replay store shared by the replicas), with
//   nothing else: no signature, no session, no handler. No server that keeps that rule can be faster here.
// Same logger as the server (Fastify's pino at the bench's LOG_LEVEL), so logging is not part of the gap.
import { randomBytes } from 'node:crypto';
import { setImmediate } from 'node:timers';
import Fastify from 'fastify';
import pg from 'pg';

const level = process.env.LOG_LEVEL ?? 'warn';
const mode = process.env.HELLO_PG_URL ? (process.env.HELLO_PG_MODE ?? 'select') : 'none';
const app = Fastify({ logger: level === 'silent' ? false : { level } });
const pool = mode === 'none' ? undefined : new pg.Pool({ connectionString: process.env.HELLO_PG_URL, max: 10 });
const table = `bench_hello_nonces_${process.pid}`;

/** Records fresh nonces, the requests of one turn in one statement; resolves whether the nonce was new. */
function nonceRecorder() {
  const text = `insert into ${table} (key_id, nonce, seen_at)
    select k, n, $3::timestamptz from unnest($1::text[], $2::text[]) as t(k, n) order by k, n
    on conflict (key_id, nonce) do update set seen_at = excluded.seen_at where ${table}.seen_at < $4::timestamptz
    returning nonce`;
  let queue = [];
  let inFlight = false;
  let scheduled = false;
  const schedule = () => {
    if (scheduled || inFlight || queue.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  };
  const flush = () => {
    scheduled = false;
    const batch = queue;
    queue = [];
    inFlight = true;
    const now = new Date();
    const values = [batch.map(() => 'bench'), batch.map((p) => p.nonce), now.toISOString(), new Date(now.getTime() - 600_000).toISOString()];
    pool
      .query({ name: 'hello_nonce', text, values })
      .then(
        ({ rows }) => {
          const fresh = new Set(rows.map((r) => r.nonce));
          for (const p of batch) p.ok(fresh.has(p.nonce));
        },
        (error) => batch.forEach((p) => p.fail(error)),
      )
      .finally(() => {
        inFlight = false;
        schedule();
      });
  };
  return (nonce) =>
    new Promise((ok, fail) => {
      queue.push({ nonce, ok, fail });
      schedule();
    });
}

if (mode === 'select') {
  app.get('/', async () => {
    const { rows } = await pool.query({ name: 'hello', text: 'select 1 as one' });
    return { hello: 'world', one: rows[0].one };
  });
} else if (mode === 'nonce') {
  await pool.query(`create table ${table} (key_id text not null, nonce text not null, seen_at timestamptz not null, primary key (key_id, nonce))`);
  const record = nonceRecorder();
  app.get('/', async (_req, reply) => {
    if (!(await record(randomBytes(16).toString('hex')))) return reply.code(400).send({ error: 'REPLAYED' });
    return { hello: 'world' };
  });
} else {
  app.get('/', async () => ({ hello: 'world' }));
}
const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });
process.send?.({ port: app.server.address().port });
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => (mode === 'nonce' ? pool.query(`drop table if exists ${table}`) : undefined))
    .then(() => pool?.end())
    .then(() => process.exit(0)),
);
