/** localStorage `login-config` (记住我): never holds a password. */
export interface LoginConfig {
  rememberMe: boolean;
  username: string;
}

// The boot script of index.html (prerender/boot.ts) reads this entry too, before the console runs, and
// checks its two fields as readLoginConfig does: it cannot import, so a change of format goes there too.
export const LOGIN_CONFIG_KEY = 'login-config';
const defaults: LoginConfig = { rememberMe: true, username: '' };

export function readLoginConfig(): LoginConfig {
  try {
    const raw = JSON.parse(localStorage.getItem(LOGIN_CONFIG_KEY) ?? 'null') as Partial<LoginConfig> | null;
    if (!raw || typeof raw !== 'object') return { ...defaults };
    return {
      rememberMe: typeof raw.rememberMe === 'boolean' ? raw.rememberMe : defaults.rememberMe,
      username: typeof raw.username === 'string' ? raw.username : '',
    };
  } catch {
    return { ...defaults };
  }
}

export function writeLoginConfig(config: LoginConfig): void {
  try {
    localStorage.setItem(LOGIN_CONFIG_KEY, JSON.stringify({ rememberMe: config.rememberMe, username: config.username }));
  } catch {
    // storage blocked: nothing remembered
  }
}
