// Reference server for bench/api: a bare Fastify hello-world answering JSON, run as its own process
// exactly like the real server, so the ratio shows what Atrium's pipeline costs on this machine.
// Same logger as the server (Fastify's pino at the bench's LOG_LEVEL), so logging is not part of the gap.
import Fastify from 'fastify';

const level = process.env.LOG_LEVEL ?? 'warn';
const app = Fastify({ logger: level === 'silent' ? false : { level } });
app.get('/', async () => ({ hello: 'world' }));
const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });
process.send?.({ port: app.server.address().port });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
