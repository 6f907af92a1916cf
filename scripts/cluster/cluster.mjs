// Atrium replicas behind HAProxy on this machine, loopback only: N compiled servers (what
// `npm run start:prod` runs: `node scripts/start-prod.mjs`), each on a port of its own, on one PostgreSQL
// database and schema with the same SIGNING_KEYS, and HAProxy in front with deploy/haproxy.cfg, the same
// file compose.yaml uses, rewritten only where it names addresses (the lines marked `# cluster.mjs:`), its
// TLS port (HTTP/2) with a self-signed certificate made for the run unless one is given.
//
// Used by `npm run cluster` (scripts/cluster.mjs), by the cluster test (tests/cluster) and by the cluster
// benchmark (bench/cluster). Every process it starts is a child of the caller: the replicas over an IPC
// channel (they stop by themselves when the caller goes away), HAProxy killed when the caller exits.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const haproxyTemplate = join(root, 'deploy/haproxy.cfg');

/** HAProxy's binary: `HAPROXY`, else Debian's (/usr/sbin is not on every user's PATH), else the PATH's. */
function haproxyBinary() {
  if (process.env.HAPROXY) return process.env.HAPROXY;
  if (existsSync('/usr/sbin/haproxy')) return '/usr/sbin/haproxy';
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
  if (!found) throw new Error('HAProxy is not installed: `apt-get install haproxy` (Debian), or set HAPROXY to its binary');
  return found;
}

/** @returns {Promise<number>} a port free on 127.0.0.1 right now */
function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => ok(port));
    });
  });
}

/**
 * deploy/haproxy.cfg with its addresses rewritten: each line marked `# cluster.mjs: <what>` is replaced,
 * every other line is kept as it is.
 * @param {string} text the configuration file
 * @param {{ bind: string; tlsBind: string; redirectBind: string; monitoringBind: string; socket: string; servers: Array<{ name: string; address: string }> }} where
 */
function rewriteMarkedLines(text, where) {
  const seen = new Set();
  const out = [];
  for (const line of text.split('\n')) {
    const mark = /^(\s*)([^#\s]\S*).*#\s*cluster\.mjs:\s*(.+?)\s*$/.exec(line);
    if (!mark) {
      out.push(line);
      continue;
    }
    const [, indent, , what] = mark;
    if (what === 'server') {
      if (!seen.has(what)) for (const s of where.servers) out.push(`${indent}server ${s.name} ${s.address}`);
    } else if (what === 'frontend bind') out.push(`${indent}bind ${where.bind}`);
    else if (what === 'tls bind') out.push(`${indent}bind ${where.tlsBind}`);
    else if (what === 'redirect bind') out.push(`${indent}bind ${where.redirectBind}`);
    else if (what === 'monitoring bind') out.push(`${indent}bind ${where.monitoringBind}`);
    else if (what === 'stats socket') out.push(`${indent}stats socket ${where.socket} mode 600 level admin`);
    else throw new Error(`deploy/haproxy.cfg: unknown mark "${what}"`);
    seen.add(what);
  }
  for (const what of ['server', 'frontend bind', 'tls bind', 'redirect bind', 'monitoring bind', 'stats socket']) {
    if (!seen.has(what)) throw new Error(`deploy/haproxy.cfg: no line marked "# cluster.mjs: ${what}"`);
  }
  return out.join('\n');
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost (ECDSA P-256, 30 days), made with the `openssl`
 * command: `<dir>/certs/atrium.pem` holds the certificate and its key (what HAProxy's `crt` loads; the
 * directory holds nothing else, as HAProxy loads every file in it), `<dir>/ca.pem` the certificate alone
 * (what a client trusts).
 * @param {string} dir
 * @returns {{ crt: string; ca: string }}
 */
function selfSignedCertificate(dir) {
  const certs = join(dir, 'certs');
  mkdirSync(certs, { recursive: true });
  const ca = join(dir, 'ca.pem');
  const key = join(dir, 'key.pem');
  const made = spawnSync(
    // OPENSSL: another binary than the PATH's
    process.env.OPENSSL || 'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '30', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', key, '-out', ca],
    { encoding: 'utf8' },
  );
  if (made.error) throw new Error(`the self-signed certificate needs the openssl command: \`apt-get install openssl\` (Debian) (${made.error.message})`);
  if (made.status !== 0) throw new Error(`openssl could not make the self-signed certificate: ${made.stderr}`);
  writeFileSync(join(certs, 'atrium.pem'), readFileSync(ca, 'utf8') + readFileSync(key, 'utf8'), { mode: 0o600 });
  rmSync(key);
  return { crt: certs, ca };
}

/**
 * @typedef {object} HaproxyOptions
 * @property {string[]} servers the backends, `host:port` each; HAProxy calls them replica1, replica2... (the
 *   X-Atrium-Replica header of their answers) and takes one out while its `GET /readyz` is not 200
 * @property {string} runDir where haproxy.cfg and the stats socket are written (and the self-signed certificate, without `cert`)
 * @property {number} [port] plain HTTP that serves (deploy/haproxy.cfg's 8080; default: a free port)
 * @property {number} [tlsPort] HTTPS with HTTP/2 (its 443; default: a free port)
 * @property {number} [redirectPort] plain HTTP that sends browsers to https:// (its 80; default: a free port)
 * @property {number} [monitoringPort] HAProxy's /stats and /metrics (its 8405; default: a free port)
 * @property {string} [cert] what `crt` loads: a PEM file with the certificate and its key, or a directory of
 *   them (default: a self-signed certificate for 127.0.0.1 and localhost, made in runDir with `openssl`)
 */

/**
 * @typedef {object} HaproxyConfig
 * @property {string} configFile the rendered configuration (`<runDir>/haproxy.cfg`)
 * @property {string[]} argv the command that runs it in the foreground: `[haproxy, '-db', '-f', configFile]`
 * @property {string} socket the stats socket (HAProxy's runtime API)
 * @property {string} url `http://127.0.0.1:<port>`
 * @property {string} tlsUrl `https://127.0.0.1:<tlsPort>`
 * @property {string} redirectUrl `http://127.0.0.1:<redirectPort>`
 * @property {string} monitoringUrl `http://127.0.0.1:<monitoringPort>`
 * @property {number} port
 * @property {number} tlsPort
 * @property {number} redirectPort
 * @property {number} monitoringPort
 * @property {string} crt the certificate HAProxy loads (file or directory)
 * @property {string | undefined} ca the self-signed certificate alone, for clients to trust (`ca` of node:tls); none with `cert`
 */

/**
 * Writes deploy/haproxy.cfg for these backends on 127.0.0.1 (every listener on the loopback address), with
 * TLS and HTTP/2 on `tlsPort`. Starts nothing: run `argv` (spawn(argv[0], argv.slice(1))) and stop it with
 * SIGUSR1 (finishes its connections) or SIGKILL. startCluster runs it in front of Atrium's replicas; a
 * benchmark may put it in front of any HTTP/1.1 server that answers `GET /readyz` with 200.
 * @param {HaproxyOptions} options
 * @returns {Promise<HaproxyConfig>}
 */
export async function renderHaproxyConfig(options) {
  const argv = [haproxyBinary()];
  const port = options.port || (await freePort());
  const tlsPort = options.tlsPort || (await freePort());
  const redirectPort = options.redirectPort || (await freePort());
  const monitoringPort = options.monitoringPort || (await freePort());
  const own = options.cert ? undefined : selfSignedCertificate(options.runDir);
  const crt = options.cert ?? /** @type {{ crt: string }} */ (own).crt;
  const socket = join(options.runDir, 'haproxy.sock');
  const text = rewriteMarkedLines(readFileSync(haproxyTemplate, 'utf8'), {
    bind: `127.0.0.1:${port}`,
    tlsBind: `127.0.0.1:${tlsPort} ssl crt ${crt} alpn h2,http/1.1`,
    redirectBind: `127.0.0.1:${redirectPort}`,
    monitoringBind: `127.0.0.1:${monitoringPort}`,
    socket,
    servers: options.servers.map((address, i) => ({ name: `replica${i + 1}`, address })),
  });
  const configFile = join(options.runDir, 'haproxy.cfg');
  writeFileSync(configFile, text);
  argv.push('-db', '-f', configFile);
  return {
    configFile,
    argv,
    socket,
    url: `http://127.0.0.1:${port}`,
    tlsUrl: `https://127.0.0.1:${tlsPort}`,
    redirectUrl: `http://127.0.0.1:${redirectPort}`,
    monitoringUrl: `http://127.0.0.1:${monitoringPort}`,
    port,
    tlsPort,
    redirectPort,
    monitoringPort,
    crt,
    ca: own?.ca,
  };
}

/**
 * One command to HAProxy's runtime API (the stats socket); resolves with its whole answer.
 * @param {string} socket
 * @param {string} command
 * @returns {Promise<string>}
 */
function haproxyCommand(socket, command) {
  return new Promise((ok, fail) => {
    let out = '';
    const s = connect(socket);
    s.setEncoding('utf8');
    s.on('data', (d) => (out += d));
    s.once('error', fail);
    s.once('end', () => ok(out));
    s.write(`${command}\n`);
  });
}

/**
 * The backend's servers as HAProxy sees them (`show stat`): status (UP, DOWN, `UP 1/2` while rising...),
 * total sessions sent to each (stot), and failed connections (econ) and responses (eresp).
 * @param {string} socket
 * @returns {Promise<Record<string, { status: string; stot: number; econ: number; eresp: number; wretr: number; wredis: number }>>}
 */
async function serverStats(socket) {
  const [head = '', ...rows] = (await haproxyCommand(socket, 'show stat')).trim().split('\n');
  const cols = head.replace(/^#\s*/, '').split(',');
  /** @type {Record<string, { status: string; stot: number; econ: number; eresp: number; wretr: number; wredis: number }>} */
  const out = {};
  for (const row of rows) {
    const f = Object.fromEntries(row.split(',').map((v, i) => [cols[i], v]));
    if (f.pxname !== 'replicas' || f.svname === 'BACKEND') continue;
    out[f.svname] = { status: f.status, stot: Number(f.stot), econ: Number(f.econ || 0), eresp: Number(f.eresp || 0), wretr: Number(f.wretr || 0), wredis: Number(f.wredis || 0) };
  }
  return out;
}

/**
 * @typedef {object} ClusterOptions
 * @property {string} databaseUrl PostgreSQL (every replica: the same database)
 * @property {string} [schema] DATABASE_SCHEMA (default `atrium_cluster`)
 * @property {number} [replicas] how many (default 3)
 * @property {number} [port] HAProxy's plain HTTP port on 127.0.0.1 (default: a free one)
 * @property {number} [tlsPort] HAProxy's HTTPS port (TLS, HTTP/2 or HTTP/1.1; default: a free one)
 * @property {number} [redirectPort] HAProxy's port that sends browsers to https:// (default: a free one)
 * @property {number} [monitoringPort] HAProxy's /stats and /metrics (default: a free one)
 * @property {string} [cert] the certificate HAProxy's TLS port loads (PEM with its key, or a directory of
 *   them; default: a self-signed one for 127.0.0.1 and localhost made in the run directory)
 * @property {string} [signingKeys] SIGNING_KEYS (default: a key generated for this run, `console:<hex>`)
 * @property {string} [secretKey] SECRET_KEY (default: 32 random bytes for this run, base64)
 * @property {string} [runDir] rendered haproxy.cfg, stats socket, logs, DATA_DIR (default: a new temporary directory)
 * @property {boolean} [metrics] give each replica a METRICS_PORT of its own
 * @property {{ username: string; password: string }} [admin] create this administrator first (create-admin:prod), unless it exists
 * @property {Record<string, string>} [env] more environment for every replica (LOG_LEVEL, RATE_LIMIT_*...)
 * @property {(line: string) => void} [log] progress lines (default: none)
 */

/**
 * @typedef {object} Replica
 * @property {string} name `replica1`...: HAProxy's server name, and X-Atrium-Replica of its answers
 * @property {number} port
 * @property {number | undefined} metricsPort
 * @property {string} logFile
 * @property {import('node:child_process').ChildProcess | undefined} child the running process
 */

/** @param {ClusterOptions} options */
export async function startCluster(options) {
  // HAProxy and the certificate first: nothing is started when either is missing
  haproxyBinary();
  if (!existsSync(join(root, 'apps/server/dist/main.js'))) throw new Error('the compiled server is missing: run `npm run build` first');
  const count = options.replicas ?? 3;
  const schema = options.schema ?? 'atrium_cluster';
  const log = options.log ?? (() => {});
  const runDir = options.runDir ?? mkdtempSync(join(tmpdir(), 'atrium-cluster-'));
  const dataDir = join(runDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const signingKeys = options.signingKeys ?? `console:${randomBytes(32).toString('hex')}`;
  const secretKey = options.secretKey ?? randomBytes(32).toString('base64');
  const own = options.cert ? undefined : selfSignedCertificate(runDir);

  /** @type {Record<string, string | undefined>} */
  const baseEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    DATABASE_SCHEMA: schema,
    SIGNING_KEYS: signingKeys,
    SECRET_KEY: secretKey,
    DATA_DIR: dataDir,
    // HAProxy connects from 127.0.0.1: the client address is the one it appends to X-Forwarded-For
    TRUST_PROXY: '127.0.0.1',
    // one per replica with `metrics`, else none (an inherited one would be taken by the first replica only)
    METRICS_PORT: undefined,
    ...options.env,
  };

  if (options.admin) {
    const made = spawnSync(process.execPath, [join(root, 'apps/server/dist/cli/create-admin.js'), '--username', options.admin.username, '--password', options.admin.password], {
      cwd: root,
      env: { ...baseEnv, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    if (made.status !== 0 && !/is taken/.test(made.stderr)) throw new Error(`create-admin failed: ${made.stderr || made.stdout}`);
    log(made.status === 0 ? made.stdout.trim() : `administrator "${options.admin.username}" already exists`);
  }

  /** @type {Replica[]} */
  const replicas = [];
  for (let i = 1; i <= count; i++) {
    replicas.push({ name: `replica${i}`, port: await freePort(), metricsPort: options.metrics ? await freePort() : undefined, logFile: join(runDir, `replica${i}.log`), child: undefined });
  }

  /** @param {Replica} r @returns {Promise<number | null>} the exit code, once the process is gone */
  const exited = (r) => {
    const child = r.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child?.exitCode ?? null);
    return new Promise((ok) => child.once('exit', (code) => ok(code)));
  };

  /** Starts a replica (what `npm run start:prod` runs) and resolves once its /readyz answers 200. @param {Replica} r */
  async function startReplica(r) {
    const fd = openSync(r.logFile, 'a');
    const child = spawn(process.execPath, [join(root, 'scripts/start-prod.mjs')], {
      cwd: root,
      env: { ...baseEnv, PORT: String(r.port), ...(r.metricsPort ? { METRICS_PORT: String(r.metricsPort) } : {}) },
      // the IPC channel: should the caller die, the replica sees it gone and stops
      stdio: ['ignore', fd, fd, 'ipc'],
      // a process group of its own: a terminal's Ctrl-C reaches the caller only, which stops everything in order
      detached: true,
    });
    closeSync(fd);
    r.child = child;
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${r.name} exited while starting; its log: ${r.logFile}\n${readFileSync(r.logFile, 'utf8').slice(-2000)}`);
      try {
        if ((await fetch(`http://127.0.0.1:${r.port}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 60_000) throw new Error(`${r.name} not ready after 60 s; its log: ${r.logFile}`);
      await sleep(50);
    }
    log(`${r.name}: pid ${child.pid}, http://127.0.0.1:${r.port} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  /** Sends a signal to a replica; resolves with its exit code once it is gone. @param {Replica} r @param {NodeJS.Signals} signal */
  async function stopReplica(r, signal = 'SIGTERM') {
    const done = exited(r);
    r.child?.kill(signal);
    return done;
  }

  /**
   * Resolves once HAProxy reports the replica in `status` (`UP`, `DOWN`), with the milliseconds it took.
   * @param {string} name @param {'UP' | 'DOWN'} status @param {number} [withinMs]
   */
  async function waitStatus(name, status, withinMs = 20_000) {
    const started = Date.now();
    for (;;) {
      // while HAProxy starts its socket is not there yet
      const now = await serverStats(socket).then((s) => s[name]?.status, (/** @type {Error} */ err) => err.message);
      if (now === status) return Date.now() - started;
      if (Date.now() - started > withinMs) throw new Error(`${name} is still "${now}" in HAProxy after ${withinMs} ms (wanted ${status})`);
      await sleep(20);
    }
  }

  // Replicas starting together on an empty schema do not race: the first migrates under an advisory lock.
  await Promise.all(replicas.map(startReplica));

  const h = await renderHaproxyConfig({
    servers: replicas.map((r) => `127.0.0.1:${r.port}`),
    runDir,
    port: options.port,
    tlsPort: options.tlsPort,
    redirectPort: options.redirectPort,
    monitoringPort: options.monitoringPort,
    cert: options.cert ?? own?.crt,
  });
  const { socket, url, port, tlsUrl, tlsPort, monitoringUrl } = h;
  const haproxyLog = join(runDir, 'haproxy.log');
  const hfd = openSync(haproxyLog, 'a');
  // -db: in the foreground, one process (its pid is the one whose CPU the benchmark reads)
  const haproxy = spawn(/** @type {string} */ (h.argv[0]), h.argv.slice(1), { stdio: ['ignore', hfd, hfd], detached: true });
  closeSync(hfd);
  const haproxyGone = new Promise((ok) => haproxy.once('exit', ok));
  const killHaproxy = () => haproxy.exitCode === null && haproxy.signalCode === null && haproxy.kill('SIGKILL');
  process.once('exit', killHaproxy);
  haproxy.once('error', (err) => log(`haproxy: ${err.message}`));
  for (const r of replicas) {
    try {
      await waitStatus(r.name, 'UP', 15_000);
    } catch (err) {
      killHaproxy();
      await Promise.all(replicas.map((x) => stopReplica(x, 'SIGKILL')));
      throw new Error(`${/** @type {Error} */ (err).message}; HAProxy's log ${haproxyLog}:\n${readFileSync(haproxyLog, 'utf8').slice(-2000)}`);
    }
  }
  log(`haproxy: pid ${haproxy.pid}, ${tlsUrl} (HTTP/2) and ${url} in front of ${count} replicas (stats ${monitoringUrl}/stats)`);

  let stopping;
  return {
    url,
    port,
    /** HTTPS (HTTP/2 or HTTP/1.1, as the client offers) */
    tlsUrl,
    tlsPort,
    /** plain HTTP that answers every request with a 301 to https:// on the same host (deploy/haproxy.cfg's port 80) */
    redirectUrl: h.redirectUrl,
    /** the self-signed certificate alone, for clients to trust (`ca` of node:tls); undefined with `cert` */
    ca: own?.ca,
    configFile: h.configFile,
    monitoringUrl,
    runDir,
    schema,
    signingKeys,
    haproxy,
    haproxyLog,
    replicas,
    startReplica,
    stopReplica,
    waitStatus,
    /** HAProxy's view of the replicas (`show stat`). */
    stats: () => serverStats(socket),
    /** A command to HAProxy's runtime API (`disable server replicas/replica2`...). @param {string} command */
    command: (command) => haproxyCommand(socket, command),
    /**
     * Stops everything as an operator would: HAProxy finishes the connections it has and exits (SIGUSR1,
     * its soft stop), and every replica drains (SIGTERM) at the same time. Resolves with the replicas' exit codes.
     * @returns {Promise<Array<number | null>>}
     */
    stop() {
      stopping ??= (async () => {
        haproxy.kill('SIGUSR1');
        const codes = await Promise.all(replicas.map((r) => stopReplica(r, 'SIGTERM')));
        const timer = setTimeout(killHaproxy, 5000);
        await haproxyGone;
        clearTimeout(timer);
        process.off('exit', killHaproxy);
        return codes;
      })();
      return stopping;
    },
    /** Ends every process at once (a second Ctrl-C, a test's cleanup after a failure). */
    kill() {
      killHaproxy();
      for (const r of replicas) r.child?.kill('SIGKILL');
    },
  };
}
