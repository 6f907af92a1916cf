import enUS from '@arco-design/web-react/es/locale/en-US';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import type { Locale } from '../lib/i18n';

/** Arco's own texts (pagination, pickers, Empty, Modal buttons) follow the app locale explicitly. */
export const arcoLocales = { 'zh-CN': zhCN, 'en-US': enUS } satisfies Record<Locale, unknown>;
