import { validationMessages } from '@atrium/contracts/messages/validation';
import { resourceMessages } from '@atrium/contracts/resource-names';
import { resources } from '@atrium/contracts/resources/index';
import { mergeDictionaries, type Dictionary } from './dictionary-merge';

// Every file src/locales/en-US/<area>.ts, merged without an index, so each feature adds its own.
const files = import.meta.glob<Dictionary>('../locales/en-US/*.ts', { eager: true, import: 'default' });

// The team's resources bring their labels with their definitions (docs/resources.md).
export const dictionary = mergeDictionaries({ ...validationMessages['en-US'], ...resourceMessages(resources, 'en-US') }, files);
