import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useT } from '../lib/i18n';

interface Names {
  /** The tree's own name (a field's label); none leaves the tree's name as it is. */
  tree?: string;
  expand: (title: string) => string;
  collapse: (title: string) => string;
}

function set(el: Element, name: string, value: string | null): void {
  // Only a change is written: the observer sees our own writes too, and a write of the same value would
  // come back to it for ever.
  if (el.getAttribute(name) === value) return;
  if (value === null) el.removeAttribute(name);
  else el.setAttribute(name, value);
}

/**
 * One node of an Arco tree as a screen reader should meet it. Arco writes `aria-level` from 0 (ARIA counts
 * from 1: axe calls 0 invalid), `aria-expanded` on leaves too, names the switcher "fold button" / "expand
 * button" in English whatever the language (and so the node itself, named from its content), and leaves a
 * checkable node's box without a name. The level is read from the node's indent (one block a level), so a
 * node Arco draws again at another depth gets its own.
 */
function describeNode(node: Element, names: Names): void {
  const title = node.querySelector(':scope > .arco-tree-node-title')?.textContent?.trim() ?? '';
  const depth = node.querySelectorAll(':scope > .arco-tree-node-indent > .arco-tree-node-indent-block').length;
  set(node, 'aria-level', String(depth + 1));
  const leaf = node.classList.contains('arco-tree-node-is-leaf');
  if (leaf) set(node, 'aria-expanded', null);
  set(node, 'aria-label', title || null);
  // A single-choice tree (a TreeSelect's) says which node is the chosen one; a checkable one says it by its boxes.
  const box = node.querySelector(':scope > .arco-checkbox input[type=checkbox]');
  if (box) set(box, 'aria-label', title || null);
  else set(node, 'aria-selected', node.classList.contains('arco-tree-node-selected') ? 'true' : null);
  const switcher = node.querySelector(':scope > .arco-tree-node-switcher [role=button]');
  if (switcher && title) set(switcher, 'aria-label', node.classList.contains('arco-tree-node-expanded') ? names.collapse(title) : names.expand(title));
}

/** `root` and everything in it. */
function describeWithin(root: Element, names: Names): void {
  const all = (selector: string) => [...(root.matches(selector) ? [root] : []), ...root.querySelectorAll(selector)];
  if (names.tree) for (const tree of all('[role=tree]')) set(tree, 'aria-label', names.tree);
  for (const node of all('[role=treeitem]')) describeNode(node, names);
}

/** The nodes a batch of changes touched: those drawn (and what they hold), and those whose class or title changed. */
function touched(records: MutationRecord[]): { nodes: Set<Element>; added: Element[] } {
  const nodes = new Set<Element>();
  const added: Element[] = [];
  for (const record of records) {
    if (record.type === 'childList') for (const el of record.addedNodes) if (el instanceof Element) added.push(el);
    const target = record.target instanceof Element ? record.target : record.target.parentElement;
    const node = target?.closest('[role=treeitem]');
    if (node) nodes.add(node);
  }
  return { nodes, added };
}

interface TreeAriaProps {
  /** The tree's name for a screen reader: the label of the field it fills. */
  label?: string;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/**
 * Holds an Arco Tree (or a TreeSelect's popup, through its `dropdownRender`) and puts right what Arco's
 * nodes tell a screen reader (describeNode), on the nodes drawn now and on every node drawn, opened,
 * chosen or renamed later. Arco's Tree has no prop for any of it (its node writes its own attributes),
 * so it is done on the DOM, as Arco leaves it.
 */
export function TreeAria({ label, children, className, 'data-testid': testId }: TreeAriaProps) {
  const t = useT();
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = holder.current;
    if (!root) return;
    const names: Names = {
      tree: label,
      expand: (name) => t('common.expandNode', { name }),
      collapse: (name) => t('common.collapseNode', { name }),
    };
    describeWithin(root, names);
    const observer = new MutationObserver((records) => {
      const { nodes, added } = touched(records);
      for (const el of added) if (el.isConnected) describeWithin(el, names);
      for (const node of nodes) if (node.isConnected) describeNode(node, names);
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['class', 'aria-level', 'aria-expanded', 'aria-label'] });
    return () => observer.disconnect();
  }, [label, t]);
  return (
    <div ref={holder} className={className} data-testid={testId}>
      {children}
    </div>
  );
}
