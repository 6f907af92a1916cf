/**
 * `npm run start:prod` (scripts/start-prod.mjs), in a copy of the repository's layout: without a build it
 * refuses in one line; with one it runs the compiled entry in its own process, with plain node.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverDir } from './server-process.ts';

const script = resolve(serverDir, '../../scripts/start-prod.mjs');

describe('npm run start:prod', () => {
  const root = mkdtempSync(join(tmpdir(), 'atrium-start-prod-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'scripts'));
  copyFileSync(script, join(root, 'scripts/start-prod.mjs'));
  const run = (env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['scripts/start-prod.mjs'], { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH, ...env } });
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it('refuses to start, in one line, while the build is missing', () => {
    const none = run();
    expect(none.status).toBe(1);
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe('Atrium is not built (apps/server/dist/main.js is missing): run `npm run build` first.\n');

    write('apps/server/dist/main.js', 'console.log("server", process.pid);\n');
    write('apps/server/dist/node_modules/@atrium/contracts/package.json', '{"type":"module"}\n');
    const noConsole = run();
    expect(noConsole.status).toBe(1);
    expect(noConsole.stderr).toBe('Atrium is not built (apps/web/dist/index.html is missing): run `npm run build` first.\n');
  });

  it('runs the compiled server in its own process (with WEB_DIST set, the console is not required)', () => {
    write('apps/server/dist/main.js', 'console.log(JSON.stringify({ pid: process.pid, execArgv: process.execArgv }));\n');
    write('apps/server/dist/node_modules/@atrium/contracts/package.json', '{"type":"module"}\n');
    const started = run({ WEB_DIST: join(root, 'elsewhere') });
    expect(started.stderr).toBe('');
    expect(started.status).toBe(0);
    expect(JSON.parse(started.stdout)).toEqual({ pid: started.pid, execArgv: [] });
  });
});
