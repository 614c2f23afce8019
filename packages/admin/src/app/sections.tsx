import { AuditOutlined, DashboardOutlined, TeamOutlined } from '@ant-design/icons';
import type { OperatorRole } from '@app/contract/console/operators';
import type { ReactNode } from 'react';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { AuditPage } from '../features/audit/AuditPage.tsx';
import { OperatorsPage } from '../features/operators/OperatorsPage.tsx';
import type { MessageKey } from './i18n/index.ts';

/**
 * The console's sections: each is a menu entry and a page (path under /admin), reached by the
 * roles named (the owner reaches all). Each section helper adds its entries here, in menu order.
 */
export interface ConsoleSection {
  path: string;
  menuKey: MessageKey;
  roles: readonly OperatorRole[];
  element: ReactNode;
  icon?: ReactNode;
}

export const sections: ConsoleSection[] = [
  // h23b..h23e: add your sections above operators (dashboard first)
  {
    path: 'dashboard',
    menuKey: 'menu_dashboard',
    roles: ['owner', 'finance', 'support'],
    element: <DashboardPage />,
    icon: <DashboardOutlined />,
  },
  {
    path: 'operators',
    menuKey: 'menu_operators',
    roles: ['owner'],
    element: <OperatorsPage />,
    icon: <TeamOutlined />,
  },
  { path: 'audit', menuKey: 'menu_audit', roles: ['owner'], element: <AuditPage />, icon: <AuditOutlined /> },
];

export function canSee(section: Pick<ConsoleSection, 'roles'>, role: OperatorRole): boolean {
  return role === 'owner' || section.roles.includes(role);
}
