import {
  IconApps,
  IconCheckCircle,
  IconCheckSquare,
  IconDashboard,
  IconExclamationCircle,
  IconFile,
  IconHome,
  IconList,
  IconSafe,
  IconSettings,
  IconUser,
} from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';

/**
 * Icon names of the contracts' route table -> Arco icons (explicit, so icons tree-shake): the core's, and
 * a set for the menu entries of slices and resources to choose from (a new one is added here).
 */
const icons: Record<string, ReactNode> = {
  // the core's home page (the landing page when no slice brings one)
  IconHome: <IconHome />,
  // 待我审批, in a product whose resources have approvals
  IconCheckSquare: <IconCheckSquare />,
  // a menu group a resource brings (docs/resources.md)
  IconApps: <IconApps />,
  IconDashboard: <IconDashboard />,
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
