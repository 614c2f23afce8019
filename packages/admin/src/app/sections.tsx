import {
  ApiOutlined,
  AuditOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileImageOutlined,
  FlagOutlined,
  GiftOutlined,
  ProfileOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { OperatorRole } from '@app/contract/console/operators';
import type { ReactNode } from 'react';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { AuditPage } from '../features/audit/AuditPage.tsx';
import { MoneyPage } from '../features/money/MoneyPage.tsx';
import { OrdersPage } from '../features/money/OrdersPage.tsx';
import { OperatorsPage } from '../features/operators/OperatorsPage.tsx';
import { RewardsPage } from '../features/rewards/RewardsPage.tsx';
import { AppealsPage } from '../features/support/AppealsPage.tsx';
import { ReportsPage } from '../features/support/ReportsPage.tsx';
import { UsersPage } from '../features/support/UsersPage.tsx';
import { LinesPage } from '../features/settings/LinesPage.tsx';
import { SettingsPage } from '../features/settings/SettingsPage.tsx';
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
  {
    path: 'dashboard',
    menuKey: 'menu_dashboard',
    roles: ['owner', 'finance', 'support'],
    element: <DashboardPage />,
    icon: <DashboardOutlined />,
  },
  // h23b..h23e: add your sections above operators (dashboard first)
  // Money (h23d): support reads orders to answer payers; prices and refunds are finance's.
  {
    path: 'orders',
    menuKey: 'menu_orders',
    roles: ['finance', 'support'],
    element: <OrdersPage />,
    icon: <ProfileOutlined />,
  },
  {
    path: 'money',
    menuKey: 'menu_money',
    roles: ['finance'],
    element: <MoneyPage />,
    icon: <DollarOutlined />,
  },
  {
    path: 'rewards',
    menuKey: 'menu_rewards',
    roles: ['editor'],
    element: <RewardsPage />,
    icon: <GiftOutlined />,
  },
  {
    path: 'appeals',
    menuKey: 'menu_appeals',
    roles: ['support'],
    element: <AppealsPage />,
    icon: <FileImageOutlined />,
  },
  {
    path: 'reports',
    menuKey: 'menu_reports',
    roles: ['support'],
    element: <ReportsPage />,
    icon: <FlagOutlined />,
  },
  {
    path: 'users',
    menuKey: 'menu_users',
    roles: ['support'],
    element: <UsersPage />,
    icon: <UserOutlined />,
  },
  // App settings and host lines (h23c); only an owner saves lines (the page says so to an editor).
  {
    path: 'settings',
    menuKey: 'menu_settings',
    roles: ['owner', 'editor'],
    element: <SettingsPage />,
    icon: <SettingOutlined />,
  },
  {
    path: 'lines',
    menuKey: 'menu_lines',
    roles: ['owner', 'editor'],
    element: <LinesPage />,
    icon: <ApiOutlined />,
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
