import {
  IconApps,
  IconCheckCircle,
  IconDashboard,
  IconExclamationCircle,
  IconFile,
  IconList,
  IconSafe,
  IconSettings,
  IconUser,
} from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';

/** Icon names of the contracts' route table -> Arco icons (explicit, so icons tree-shake). */
const icons: Record<string, ReactNode> = {
  IconDashboard: <IconDashboard />,
  // a menu group a resource brings (docs/resources.md)
  IconApps: <IconApps />,
  IconList: <IconList />,
  IconSettings: <IconSettings />,
  IconFile: <IconFile />,
  IconCheckCircle: <IconCheckCircle />,
  IconExclamationCircle: <IconExclamationCircle />,
  IconUser: <IconUser />,
  IconSafe: <IconSafe />,
};

export function routeIcon(name: string | undefined): ReactNode {
  return name ? (icons[name] ?? null) : null;
}
