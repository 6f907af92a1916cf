import { resources } from '@atrium/contracts/resources/index';
import { resourceGroupTitleKey, resourceTitleKey } from '@atrium/contracts/routes';
import { mergeDictionaries, type Dictionary } from './dictionary-merge';

// The texts the sign-in page and the shell frame need; everything else loads with the shell.
const files = import.meta.glob<Dictionary>('../locales/en-US/{app,login,menu,exception,navbar,settings,tab-bar,message-box}.ts', { eager: true, import: 'default' });

// The menu, the tab bar and the breadcrumb name the resources' pages and the menu groups they bring; the
// full dictionary has the rest of their texts (resourceMessages()).
const menuTitles: Dictionary = {};
for (const r of resources) {
  menuTitles[resourceTitleKey(r.name)] = r.pluralLabel['en-US'];
  if (r.menu.groupLabel) menuTitles[resourceGroupTitleKey(r.menu.group)] = r.menu.groupLabel['en-US'];
}

export const dictionary = mergeDictionaries(menuTitles, files);
