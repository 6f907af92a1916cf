import { describe, expect, it } from 'vitest';
import { criticalCss } from './critical-css';

describe('criticalCss (index.html inline styles)', () => {
  const html = '<div class="panel"><button class="btn btn-primary">Go</button></div>';

  it('keeps rules that match the markup, pseudo-classes and the dark theme included, and drops the rest', () => {
    const css = [
      'body { --x: 1; }',
      "body[arco-theme='dark'] { --x: 2; }",
      '.panel > .btn { color: red; }',
      '.btn:hover:not(.disabled) { color: blue; }',
      '.btn::after { content: ""; }',
      'html[data-boot-pending] .panel::before { opacity: 0; }',
      'html[data-other] .panel { opacity: 0; }',
      '.table td { padding: 0; }',
      '.modal, .panel { margin: 0; }',
      '@media (max-width: 600px) { .panel { padding: 0; } .table { display: none; } }',
      '@media print { .table { color: black; } }',
      '@keyframes spin { from { opacity: 0; } to { opacity: 1; } }',
      '/* a comment */',
    ].join('\n');
    const out = criticalCss(css, html);
    expect(out).toContain('--x: 1');
    expect(out).toContain('--x: 2');
    expect(out).toContain('.panel > .btn');
    expect(out).toContain('.btn:hover:not(.disabled)');
    expect(out).toContain('.btn::after');
    expect(out).toContain('html[data-boot-pending] .panel::before');
    expect(out).not.toContain('data-other');
    expect(out).toContain('.modal, .panel');
    expect(out).toContain('@media (max-width: 600px) { .panel { padding: 0; } }');
    expect(out).toContain('@keyframes spin');
    expect(out).not.toContain('.table');
    expect(out).not.toContain('@media print');
    expect(out).not.toContain('comment');
  });

  it('keeps a rule whose selector it cannot parse', () => {
    expect(criticalCss('.panel [data-x=a b] { color: red; }', html)).toContain('color: red');
  });
});
