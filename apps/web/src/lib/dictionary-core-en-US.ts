import { mergeDictionaries, type Dictionary } from './dictionary-merge';

// The texts the sign-in page and the shell frame need; everything else loads with the shell.
const files = import.meta.glob<Dictionary>('../locales/en-US/{app,login,menu,exception,navbar,settings,tab-bar,message-box}.ts', { eager: true, import: 'default' });

export const dictionary = mergeDictionaries({}, files);
