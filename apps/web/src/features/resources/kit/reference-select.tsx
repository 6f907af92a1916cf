import type { ResourceDef, ResourceField } from '@atrium/contracts/resource';
import { resources } from '@atrium/contracts/slices';
import { OptionsSelect, type OptionsSelectProps, type PickerQuery } from '../../../components/options-select';
import { resourceOptionsQuery } from './resource-api';

/** The resource a reference field points at: the page's own, or another of the registry. */
export function referenceTarget(def: ResourceDef, field: ResourceField): ResourceDef | undefined {
  return field.to === def.name ? def : resources.find((r) => r.name === field.to);
}

/**
 * A searching select of another resource's records (its options call: up to 20 matching what is typed).
 * The label of a value the page holds comes from `known`, else from the options call by id.
 */
export function ReferenceSelect({ target, ...props }: Omit<OptionsSelectProps, 'optionsQuery'> & { target: ResourceDef }) {
  return <OptionsSelect {...props} optionsQuery={(query: PickerQuery) => resourceOptionsQuery(target, query)} />;
}
