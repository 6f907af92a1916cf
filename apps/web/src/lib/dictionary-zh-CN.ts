import { validationMessages } from '@atrium/contracts/messages/validation';
import { resourceMessages } from '@atrium/contracts/resource-names';
import { resources } from '@atrium/contracts/resources/index';
import { mergeDictionaries, type Dictionary } from './dictionary-merge';

// Every file src/locales/zh-CN/<area>.ts, merged without an index, so each feature adds its own.
const files = import.meta.glob<Dictionary>('../locales/zh-CN/*.ts', { eager: true, import: 'default' });

// The team's resources bring their labels with their definitions (docs/resources.md).
export const dictionary = mergeDictionaries({ ...validationMessages['zh-CN'], ...resourceMessages(resources, 'zh-CN') }, files);
