import { validationMessages } from '@atrium/contracts/messages/validation';
import { mergeDictionaries, type Dictionary } from './dictionary-merge';

// Every file src/locales/en-US/<area>.ts, merged without an index, so each feature adds its own.
const files = import.meta.glob<Dictionary>('../locales/en-US/*.ts', { eager: true, import: 'default' });

export const dictionary = mergeDictionaries(validationMessages['en-US'], files);
