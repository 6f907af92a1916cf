// `npm test`: the unit suites (vitest's projects) and the browser suites (Chromium) side by side. The
// browser suites leave about a quarter of two cores idle while they wait on pages, and the unit suites
// have nothing to wait on, so together they take about the longer of the two instead of their sum
// (decision 041). Each line is labelled with its run; both run to the end, and the exit code is the
// first failure's (0 when both pass). `npm run test:unit` or `npm run test:e2e` runs one alone.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

const runs = [
  { label: 'unit', script: 'test:unit' },
  { label: 'e2e', script: 'test:e2e' },
];

const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;

const processes = [];
const children = runs.map(({ label, script }) => {
  const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  // every line written out before the run's verdict
  const read = [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ].map(([stream, out]) => {
    const lines = createInterface({ input: stream, crlfDelay: Infinity });
    lines.on('line', (line) => out.write(`[${label}] ${line}\n`));
    return once(lines, 'close');
  });
  processes.push(child);
  return Promise.all([once(child, 'close'), ...read]).then(([[code, signal]]) => {
    const status = code ?? (signal ? 1 : 0);
    process.stdout.write(`[${label}] npm run ${script} ${status === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} after ${elapsed()}\n`);
    return status;
  });
});

// A signal to this process alone (CI's timeout) is passed on to both runs, which stop their own children.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of processes) child.kill(signal);
  });
}

const statuses = await Promise.all(children);
process.exit(statuses.find((s) => s !== 0) ?? 0);
