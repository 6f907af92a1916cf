// Atrium replicas behind HAProxy on this machine, loopback only: N compiled servers (what
// `npm run start:prod` runs: `node scripts/start-prod.mjs`), each on a port of its own, on one PostgreSQL
// database and schema with the same SIGNING_KEYS, and HAProxy in front with deploy/haproxy.cfg, the same
// file compose.yaml uses, rewritten only where it names addresses (the lines marked `# cluster.mjs:`).
//
// Used by `npm run cluster` (scripts/cluster.mjs), by the cluster test (tests/cluster) and by the cluster
// benchmark (bench/cluster). Every process it starts is a child of the caller: the replicas over an IPC
// channel (they stop by themselves when the caller goes away), HAProxy killed when the caller exits.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
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
 * deploy/haproxy.cfg for replicas on this machine: each line marked `# cluster.mjs: <what>` is rewritten,
 * every other line is kept as it is.
 * @param {string} text the configuration file
 * @param {{ bind: string; monitoringBind: string; socket: string; servers: Array<{ name: string; address: string }> }} where
 */
function renderHaproxyConfig(text, where) {
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
    else if (what === 'monitoring bind') out.push(`${indent}bind ${where.monitoringBind}`);
    else if (what === 'stats socket') out.push(`${indent}stats socket ${where.socket} mode 600 level admin`);
    else throw new Error(`deploy/haproxy.cfg: unknown mark "${what}"`);
    seen.add(what);
  }
  for (const what of ['server', 'frontend bind', 'monitoring bind', 'stats socket']) {
    if (!seen.has(what)) throw new Error(`deploy/haproxy.cfg: no line marked "# cluster.mjs: ${what}"`);
  }
  return out.join('\n');
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
 * @property {number} [port] HAProxy's port on 127.0.0.1 (default: a free one)
 * @property {number} [monitoringPort] HAProxy's /stats and /metrics (default: a free one)
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
  const haproxyBin = haproxyBinary();
  if (!existsSync(join(root, 'apps/server/dist/main.js'))) throw new Error('the compiled server is missing: run `npm run build` first');
  const count = options.replicas ?? 3;
  const schema = options.schema ?? 'atrium_cluster';
  const log = options.log ?? (() => {});
  const runDir = options.runDir ?? mkdtempSync(join(tmpdir(), 'atrium-cluster-'));
  const dataDir = join(runDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const signingKeys = options.signingKeys ?? `console:${randomBytes(32).toString('hex')}`;
  const secretKey = options.secretKey ?? randomBytes(32).toString('base64');
  const port = options.port || (await freePort());
  const monitoringPort = options.monitoringPort || (await freePort());
  const socket = join(runDir, 'haproxy.sock');

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

  const config = renderHaproxyConfig(readFileSync(haproxyTemplate, 'utf8'), {
    bind: `127.0.0.1:${port}`,
    monitoringBind: `127.0.0.1:${monitoringPort}`,
    socket,
    servers: replicas.map((r) => ({ name: r.name, address: `127.0.0.1:${r.port}` })),
  });
  const configFile = join(runDir, 'haproxy.cfg');
  writeFileSync(configFile, config);
  const haproxyLog = join(runDir, 'haproxy.log');
  const hfd = openSync(haproxyLog, 'a');
  // -db: in the foreground, one process (its pid is the one whose CPU the benchmark reads)
  const haproxy = spawn(haproxyBin, ['-db', '-f', configFile], { stdio: ['ignore', hfd, hfd], detached: true });
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
  const url = `http://127.0.0.1:${port}`;
  log(`haproxy: pid ${haproxy.pid}, ${url} in front of ${count} replicas (stats http://127.0.0.1:${monitoringPort}/stats)`);

  let stopping;
  return {
    url,
    port,
    monitoringUrl: `http://127.0.0.1:${monitoringPort}`,
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
