// Reference servers for bench/api, each run as its own process exactly like the real server:
// - a bare Fastify hello-world answering JSON: the ratio shows what Atrium's pipeline costs here;
// - with HELLO_PG_URL, the same answering after one PostgreSQL round trip (`select 1`, prepared): the
//   floor of any design that asks the database once per request, as a replay check shared by replicas must.
// Same logger as the server (Fastify's pino at the bench's LOG_LEVEL), so logging is not part of the gap.
import Fastify from 'fastify';
import pg from 'pg';

const level = process.env.LOG_LEVEL ?? 'warn';
const app = Fastify({ logger: level === 'silent' ? false : { level } });
const pool = process.env.HELLO_PG_URL ? new pg.Pool({ connectionString: process.env.HELLO_PG_URL, max: 10 }) : undefined;
if (pool) {
  app.get('/', async () => {
    const { rows } = await pool.query({ name: 'hello', text: 'select 1 as one' });
    return { hello: 'world', one: rows[0].one };
  });
} else {
  app.get('/', async () => ({ hello: 'world' }));
}
const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });
process.send?.({ port: app.server.address().port });
process.on('SIGTERM', () => app.close().then(() => pool?.end()).then(() => process.exit(0)));
