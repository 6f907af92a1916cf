import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Adds the per-component CSS of every Arco component a module imports from '@arco-design/web-react'
 * (es/<Folder>/style/css.js). Importing the full arco.css would double the CSS of the first load
 * (stack-notes: 62 vs 34 KiB gzip), and per-component CSS also travels with the lazy chunk that needs it.
 */
export function arcoStylePlugin(): Plugin {
  const require = createRequire(import.meta.url);
  const root = join(dirname(require.resolve('@arco-design/web-react/package.json')), 'es');
  // Export name -> folder, read from the package's own index so new exports need no edit here.
  const folders = new Map<string, string>();
  const index = readFileSync(join(root, 'index.js'), 'utf8');
  for (const m of index.matchAll(/export \{([^}]+)\} from '\.\/([A-Za-z]+)'/g)) {
    for (const part of m[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()!.trim();
      if (name) folders.set(name, m[2]!);
    }
  }
  const importRe = /import\s*\{([^}]+)\}\s*from\s*['"]@arco-design\/web-react['"];?/g;
  return {
    name: 'atrium-arco-style',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !code.includes('@arco-design/web-react')) return null;
      const styles = new Set<string>();
      for (const m of code.matchAll(importRe)) {
        for (const part of m[1]!.split(',')) {
          const raw = part.trim().replace(/^type\s+/, '');
          if (!raw || part.trim().startsWith('type ')) continue;
          const name = raw.split(/\s+as\s+/)[0]!.trim();
          const folder = folders.get(name);
          if (folder && existsSync(join(root, folder, 'style', 'css.js'))) styles.add(`@arco-design/web-react/es/${folder}/style/css.js`);
        }
      }
      if (styles.size === 0) return null;
      return { code: [...styles].map((s) => `import '${s}';`).join('\n') + '\n' + code, map: null };
    },
  };
}
