import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './harness.ts';

type SeededAccount = 'admin' | 'user';

export interface SuiteApp<A extends SeededAccount> extends TestApp {
  /** The token of each seeded account signed in when the app was made. */
  readonly tokens: Readonly<Record<A, string>>;
}

/**
 * A test app of its own for the enclosing suite: made before its first test (the seeded accounts named in
 * `signIn` signed in, in that order) and closed after its last. It stands for that app: read its members
 * in tests and hooks, not while the suite is collected. A suite's own set-up goes in a `beforeAll` after
 * this call, which runs after the app is made.
 */
export function suiteApp<const A extends SeededAccount = never>(options: TestAppOptions & { signIn?: readonly A[] } = {}): SuiteApp<A> {
  const { signIn = [], ...appOptions } = options;
  let made: TestApp | undefined;
  const tokens = {} as Record<A, string>;
  const app = (): TestApp => {
    if (!made) throw new Error('the suite app is made before the first test: use it in a test or a hook');
    return made;
  };
  beforeAll(async () => {
    made = await createTestApp(appOptions);
    for (const who of signIn) tokens[who] = await made.login(who);
  });
  afterAll(() => made?.close());
  return {
    get app() {
      return app().app;
    },
    get db() {
      return app().db;
    },
    get handle() {
      return app().handle;
    },
    get config() {
      return app().config;
    },
    get engine() {
      return app().engine;
    },
    close: () => app().close(),
    request: (req) => app().request(req),
    login: (who, opts) => app().login(who, opts),
    count: (table) => app().count(table),
    tokens,
  };
}
