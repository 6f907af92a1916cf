/**
 * A resource's life cycle as the console shows it (docs/resources.md, "Life cycles"): its state as a tag of
 * a colour that stays the state's, its transitions' labels, and what a record's state locks. The server
 * decides every transition and every locked field; the console only leaves out what it would refuse.
 */
import { Tag } from '@arco-design/web-react';
import { lockedFields } from '@atrium/contracts/lifecycle';
import type { ResourceDef, ResourceField } from '@atrium/contracts/resource';
import type { TFunction } from '../../../lib/i18n';
import { displayValue } from './labels';
import type { ResourceRecord } from './resource-api';
import { scopeFieldsOf } from './scope-names';

/** The life cycle's state field (the definition puts it among the fields, `state: true`), if there is one. */
export const stateFieldOf = (def: ResourceDef): ResourceField | undefined => def.fields.find((f) => f.state);

/** The fields a person fills in: every one but the state, which only a transition writes. */
export const formFieldsOf = (def: ResourceDef): ResourceField[] => def.fields.filter((f) => !f.state);

export const transitionKey = (def: ResourceDef, name: string) => `resource.${def.name}.transition.${name}`;

/** A transition to fire: which one, on which record (its version, and its title for the comment dialog). */
export interface TransitionTarget {
  def: ResourceDef;
  name: string;
  record: { id: number; version: number; title: string };
}

export const transitionOf = (def: ResourceDef, name: string) => def.lifecycle?.transitions.find((t) => t.name === name);

/**
 * Tag colours for the states other than the first and the waiting ones, in the order the spec lists them (the
 * sample's approved and rejected: green and red). Each has its light-theme text darkened for contrast
 * (layout/page-contrast.css).
 */
const colours = ['green', 'red', 'arcoblue', 'cyan', 'purple', 'orangered', 'magenta', 'blue', 'gold', 'lime', 'pinkpurple'];

/**
 * A state's colour, the same wherever it shows and whatever the page: the initial state grey, a state that
 * awaits an approval orange, the others from `colours` by their place in the spec.
 */
function stateColour(def: ResourceDef, state: string): string {
  const lifecycle = def.lifecycle;
  if (!lifecycle || state === lifecycle.initial) return 'gray';
  if (lifecycle.awaiting.includes(state)) return 'orange';
  const others = lifecycle.states.filter((s) => s.value !== lifecycle.initial && !lifecycle.awaiting.includes(s.value));
  const at = others.findIndex((s) => s.value === state);
  return at < 0 ? 'gray' : colours[at % colours.length]!;
}

/** A state's label in the user's language, as a tag of its colour; `-` for none. */
export function stateTag(def: ResourceDef, state: unknown, t: TFunction, size?: 'small') {
  const field = stateFieldOf(def);
  if (!field || state === null || state === undefined || state === '') return '-';
  return (
    <Tag color={stateColour(def, String(state))} size={size}>
      {displayValue(def, field, state, {}, t)}
    </Tag>
  );
}

/** The record's state by its label in the user's language ('' without a life cycle). */
export function stateLabelOf(def: ResourceDef, record: ResourceRecord, t: TFunction): string {
  const field = stateFieldOf(def);
  return field ? String(displayValue(def, field, record[field.name], {}, t)) : '';
}

/** The fields (and a scoped record's department and owner) the record's state locks: none without a life cycle. */
export function lockedOf(def: ResourceDef, record: ResourceRecord | null | undefined): string[] {
  const field = stateFieldOf(def);
  if (!def.lifecycle || !field || !record) return [];
  return lockedFields(def.lifecycle, String(record[field.name]), [...formFieldsOf(def).map((f) => f.name), ...scopeFieldsOf(def)]);
}

/** Whether the record's state locks it whole (an approved order): no edit, no delete. */
export function lockedWhole(def: ResourceDef, record: ResourceRecord): boolean {
  const field = stateFieldOf(def);
  return Boolean(field && def.lifecycle?.states.find((s) => s.value === record[field.name])?.locks === 'all');
}

/** The transitions the caller may fire on the record now, as the server said, in the spec's order. */
export function transitionsOf(def: ResourceDef, record: Record<string, unknown>): string[] {
  const allowed = Array.isArray(record.transitions) ? (record.transitions as string[]) : [];
  return (def.lifecycle?.transitions ?? []).map((t) => t.name).filter((name) => allowed.includes(name));
}

/**
 * About how wide a cell of small text buttons is, to give its column the width its buttons take (14 px type:
 * a CJK character 14 px, another about 8; each button's padding and border 32; the cell's padding 32).
 * `icons`: how many 14 px icons the buttons hold besides.
 */
export function buttonsWidth(labels: readonly string[], icons = 0): number {
  const text = (label: string) => [...label].reduce((w, c) => w + ((c.codePointAt(0) ?? 0) >= 0x2e80 ? 14 : 8), 0);
  return labels.reduce((w, label) => w + text(label) + 32, 0) + icons * 14 + 32;
}
