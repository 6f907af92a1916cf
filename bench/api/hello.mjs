// Reference server for bench/api: a bare Fastify hello-world answering JSON, run as its own process
// exactly like the real server, so the ratio shows what Atrium's pipeline costs on this machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });
process.send?.({ port: app.server.address().port });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
