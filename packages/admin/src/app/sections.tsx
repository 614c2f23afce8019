import {
  ApiOutlined,
  AppstoreOutlined,
  CloudUploadOutlined,
  VideoCameraOutlined,
  AuditOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileImageOutlined,
  FlagOutlined,
  GiftOutlined,
  ProfileOutlined,
  TagsOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { OperatorRole } from '@app/contract/console/operators';
import { lazy, type ComponentType, type ReactNode } from 'react';
import type { MessageKey } from './i18n/index.ts';

/** A section's page, loaded when first opened: the console's first screen stays small. */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const DashboardPage = page(() => import('../features/dashboard/DashboardPage.tsx'), 'DashboardPage');
const AuditPage = page(() => import('../features/audit/AuditPage.tsx'), 'AuditPage');
const MoneyPage = page(() => import('../features/money/MoneyPage.tsx'), 'MoneyPage');
const OrdersPage = page(() => import('../features/money/OrdersPage.tsx'), 'OrdersPage');
const OperatorsPage = page(() => import('../features/operators/OperatorsPage.tsx'), 'OperatorsPage');
const RewardsPage = page(() => import('../features/rewards/RewardsPage.tsx'), 'RewardsPage');
const AppealsPage = page(() => import('../features/support/AppealsPage.tsx'), 'AppealsPage');
const ReportsPage = page(() => import('../features/support/ReportsPage.tsx'), 'ReportsPage');
const UsersPage = page(() => import('../features/support/UsersPage.tsx'), 'UsersPage');
const LinesPage = page(() => import('../features/settings/LinesPage.tsx'), 'LinesPage');
const SettingsPage = page(() => import('../features/settings/SettingsPage.tsx'), 'SettingsPage');
const FeedPage = page(() => import('../features/feed/FeedPage.tsx'), 'FeedPage');
const UploadPage = page(() => import('../features/media/UploadPage.tsx'), 'UploadPage');
const VideosPage = page(() => import('../features/catalogue/VideosPage.tsx'), 'VideosPage');
const CataloguePage = page(() => import('../features/catalogue/CataloguePage.tsx'), 'CataloguePage');

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
  // Catalogue presentation (issue 24, c3): menus, feed blocks, banners and feed ads.
  {
    path: 'feed',
    menuKey: 'menu_feed',
    roles: ['owner', 'editor'],
    element: <FeedPage />,
    icon: <AppstoreOutlined />,
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
  // Upload and transcode (issue 24, c1): the catalogue is the owner's and the editors'.
  {
    path: 'media-upload',
    menuKey: 'menu_media_upload',
    roles: ['editor'],
    element: <UploadPage />,
    icon: <CloudUploadOutlined />,
  },
  // Catalogue management, entity side (issue 24, c2): content the app shows, owners and editors.
  {
    path: 'videos',
    menuKey: 'menu_videos',
    roles: ['owner', 'editor'],
    element: <VideosPage />,
    icon: <VideoCameraOutlined />,
  },
  {
    path: 'catalogue',
    menuKey: 'menu_catalogue',
    roles: ['owner', 'editor'],
    element: <CataloguePage />,
    icon: <TagsOutlined />,
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
