import type { Locale } from '@atrium/contracts/locale';
import type { ResourceDef } from '@atrium/contracts/resource';
import { resourceMessages } from '@atrium/contracts/resource-names';
import { resourceGroupTitleKey, resourceRouteName, resourceTitleKey } from '@atrium/contracts/routes';
import type { PageModule, WebSlice } from '../../../slice';

/**
 * A team's resource as a slice of the console (src/slice.ts, one line of src/slices.ts): its page, each
 * its own chunk, under the route name the route table gives it; the titles of its menu entry and of the
 * menu group it brings (the sign-in page's texts); and its other texts (field and value labels), all from
 * the definition (resourceMessages), in both languages.
 */
export function resourceWebSlice(def: ResourceDef, page: () => Promise<PageModule>): WebSlice {
  const titles = (locale: Locale) => ({
    [resourceTitleKey(def.name)]: def.pluralLabel[locale],
    ...(def.menu.groupLabel ? { [resourceGroupTitleKey(def.menu.group)]: def.menu.groupLabel[locale] } : {}),
  });
  const messages = (locale: Locale) => () => Promise.resolve({ default: resourceMessages([def], locale) });
  return {
    name: def.name,
    pages: { [resourceRouteName(def.name)]: page },
    titles: { 'zh-CN': titles('zh-CN'), 'en-US': titles('en-US') },
    messages: { 'zh-CN': messages('zh-CN'), 'en-US': messages('en-US') },
  };
}
