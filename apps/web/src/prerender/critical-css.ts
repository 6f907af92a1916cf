import { JSDOM } from 'jsdom';
import postcss, { type AtRule, type Rule } from 'postcss';

/** A selector reduced to what a static document can match: no pseudo-classes or pseudo-elements. */
function staticPart(selector: string): string {
  const bare = selector
    .replace(/::?[a-zA-Z-]+(\((?:[^()]|\([^()]*\))*\))?/g, '')
    .replace(/\s*([>+~])\s*$/, '')
    .trim();
  return bare === '' ? '*' : bare;
}

/**
 * The rules of `css` that can apply to `html` (build time, for index.html's inline styles): a rule stays
 * when one of its selectors, without pseudo-classes, matches an element of the markup with or without
 * the dark theme's `arco-theme` attribute on body, in a document whose root carries what the boot script
 * sets before the first paint (`data-boot-pending`, boot.ts). At-rules other than @media and @supports (keyframes,
 * font faces) stay whole; empty @media blocks go. Over-keeping is harmless (the full stylesheets load
 * after the first paint); a selector the matcher cannot parse is kept.
 */
export function criticalCss(css: string, html: string): string {
  const light = new JSDOM(`<!doctype html><html data-boot-pending><head></head><body>${html}</body></html>`).window.document;
  const dark = new JSDOM(`<!doctype html><html data-boot-pending><head></head><body arco-theme="dark">${html}</body></html>`).window.document;
  const matches = (selector: string) => {
    const bare = staticPart(selector);
    try {
      return light.querySelector(bare) !== null || dark.querySelector(bare) !== null;
    } catch {
      return true;
    }
  };
  const root = postcss.parse(css);
  root.walkRules((rule: Rule) => {
    const parent = rule.parent;
    if (parent?.type === 'atrule' && /keyframes$/i.test((parent as AtRule).name)) return;
    if (!rule.selectors.some(matches)) rule.remove();
  });
  root.walkAtRules((at: AtRule) => {
    if (/^(media|supports)$/i.test(at.name) && (at.nodes?.length ?? 0) === 0) at.remove();
  });
  root.walkComments((comment) => {
    comment.remove();
  });
  return root.toString();
}
