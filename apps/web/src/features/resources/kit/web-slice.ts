import type { Locale } from '@atrium/contracts/locale';
import type { ResourceDef } from '@atrium/contracts/resource';
import { resourceMessages } from '@atrium/contracts/resource-names';
import { resourceGroupTitleKey, resourceRecordRouteName, resourceRecordTitleKey, resourceRouteName, resourceTitleKey } from '@atrium/contracts/routes';
import { createElement } from 'react';
import type { PageModule, WebSlice } from '../../../slice';

/**
 * A team's resource as a slice of the console (src/slice.ts, one line of src/slices.ts): its page and a
 * record's own page (the kit's, for every resource, whenever it was generated), each its own chunk, under
 * the route names the route table gives them; the titles of its menu entry, of a record's page and of the
 * menu group it brings (the sign-in page's texts); and its other texts (field and value labels), all from
 * the definition (resourceMessages), in both languages.
 */
export function resourceWebSlice(def: ResourceDef, page: () => Promise<PageModule>): WebSlice {
  const titles = (locale: Locale) => ({
    [resourceTitleKey(def.name)]: def.pluralLabel[locale],
    [resourceRecordTitleKey(def.name)]: resourceMessages([def], locale)[resourceRecordTitleKey(def.name)]!,
    ...(def.menu.groupLabel ? { [resourceGroupTitleKey(def.menu.group)]: def.menu.groupLabel[locale] } : {}),
  });
  const messages = (locale: Locale) => () => Promise.resolve({ default: resourceMessages([def], locale) });
  return {
    name: def.name,
    pages: {
      [resourceRouteName(def.name)]: page,
      [resourceRecordRouteName(def.name)]: () => import('./record-page').then(({ RecordPage }) => ({ default: () => createElement(RecordPage, { def }) })),
    },
    titles: { 'zh-CN': titles('zh-CN'), 'en-US': titles('en-US') },
    messages: { 'zh-CN': messages('zh-CN'), 'en-US': messages('en-US') },
  };
}
