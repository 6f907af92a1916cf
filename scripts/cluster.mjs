#!/usr/bin/env node
// `npm run cluster`: Atrium as it runs in production, on this machine: N replicas of the compiled server
// (`npm run build` first) on one PostgreSQL database, behind HAProxy configured by deploy/haproxy.cfg,
// everything on 127.0.0.1. Prints the addresses (HTTPS with HTTP/2, and plain HTTP); Ctrl-C stops
// everything (the replicas drain, HAProxy finishes its connections), a second Ctrl-C kills it all at once.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atrium npm run cluster -- [--replicas 3] [--port 8080]
//     [--tls-port 8443] [--schema atrium_cluster] [--admin name:password] [--metrics] [--run-dir DIR]
//
// HTTPS uses a self-signed certificate for 127.0.0.1 and localhost made for the run (with `openssl`) in the
// run directory: the browser warns about it once; `ca.pem` there is what a client trusts (curl --cacert).
//
// SIGNING_KEYS comes from the environment when set (else a key is generated for the run: the console gets
// it at run time). `--admin` creates that administrator first (create-admin:prod) unless it exists. Every
// other variable of the server's (README.md, Configuration) passes through to the replicas. Logs: one file
// per replica and HAProxy's in the run directory.
import { parseArgs } from 'node:util';
import { startCluster } from './cluster/cluster.mjs';

const { values } = parseArgs({
  options: {
    replicas: { type: 'string', default: '3' },
    port: { type: 'string', default: '8080' },
    'tls-port': { type: 'string', default: '8443' },
    schema: { type: 'string', default: process.env.DATABASE_SCHEMA ?? 'atrium_cluster' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    admin: { type: 'string' },
    metrics: { type: 'boolean', default: false },
    'run-dir': { type: 'string' },
  },
  strict: true,
});

const fail = (message) => {
  console.error(`cluster: ${message}`);
  process.exit(1);
};
if (!values['database-url']) fail('set DATABASE_URL (or --database-url) to a PostgreSQL database, e.g. postgres://postgres@127.0.0.1:5432/postgres');
const replicas = Number(values.replicas);
if (!Number.isInteger(replicas) || replicas < 1 || replicas > 16) fail('--replicas takes 1 to 16');
let admin;
if (values.admin) {
  const at = values.admin.indexOf(':');
  if (at < 1) fail('--admin takes name:password');
  admin = { username: values.admin.slice(0, at), password: values.admin.slice(at + 1) };
}

const cluster = await startCluster({
  databaseUrl: values['database-url'],
  schema: values.schema,
  replicas,
  port: Number(values.port),
  tlsPort: Number(values['tls-port']),
  signingKeys: process.env.SIGNING_KEYS,
  secretKey: process.env.SECRET_KEY,
  runDir: values['run-dir'],
  metrics: values.metrics,
  admin,
  log: (line) => console.log(`  ${line}`),
}).catch((err) => fail(err.message));

console.log(`\nAtrium: ${cluster.tlsUrl}  (${replicas} replicas behind HAProxy, schema "${cluster.schema}"; HTTP/2, self-signed certificate ${cluster.ca ?? ''})`);
console.log(`        ${cluster.url}  (plain HTTP)`);
console.log(`HAProxy stats: ${cluster.monitoringUrl}/stats, Prometheus text: ${cluster.monitoringUrl}/metrics`);
for (const r of cluster.replicas) console.log(`  ${r.name}: http://127.0.0.1:${r.port}${r.metricsPort ? `, metrics http://127.0.0.1:${r.metricsPort}/metrics` : ''}, log ${r.logFile}`);
console.log(`Logs and HAProxy's rendered configuration: ${cluster.runDir}. Ctrl-C stops everything.`);

let signals = 0;
let firstSignal = 0;
const onSignal = async () => {
  // a terminal's Ctrl-C reaches this process twice (from the terminal, and passed on by npm): one stop
  if (signals > 0 && Date.now() - firstSignal < 1000) return;
  if (++signals > 1) {
    cluster.kill();
    process.exit(1);
  }
  firstSignal = Date.now();
  console.log('\nstopping: HAProxy finishes its connections, the replicas drain (Ctrl-C again to kill everything)');
  const codes = await cluster.stop();
  console.log(`stopped (replica exit codes: ${codes.join(', ')})`);
  process.exit(codes.every((c) => c === 0) ? 0 : 1);
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
// A replica that dies on its own is said at once (HAProxy has already taken it out of rotation).
for (const r of cluster.replicas) r.child?.once('exit', (code, signal) => signals === 0 && console.error(`${r.name} exited (${signal ?? code}); see ${r.logFile}`));
