import { validationMessages } from '@atrium/contracts/messages/validation';
import { mergeDictionaries, type Dictionary } from './dictionary-merge';

// Every file src/locales/zh-CN/<area>.ts, merged without an index, so each feature adds its own.
const files = import.meta.glob<Dictionary>('../locales/zh-CN/*.ts', { eager: true, import: 'default' });

export const dictionary = mergeDictionaries(validationMessages['zh-CN'], files);
