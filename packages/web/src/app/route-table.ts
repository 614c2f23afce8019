/**
 * The app's own addresses (every route of both spec parts, history mode): the router's table
 * (routes.tsx puts a page on each) and the list of navigations the service worker answers with the
 * app (vite.config.ts). Every other address belongs to the server — /dev/outbox, /sandbox-pay, the
 * gateway's /pay, /jump, an operator console — and the worker leaves it to the network, so a page
 * the server adds later needs no change here.
 */
export interface RouteEntry {
  path: string;
  name: string;
  needsBinding?: boolean;
  /** Rendered by KeptHome instead of the router (see routes.tsx). */
  kept?: boolean;
}

export const ROUTE_TABLE = [
  { path: '/long', name: 'long', kept: true },
  { path: '/short', name: 'short', kept: true },
  { path: '/original', name: 'original', kept: true },
  { path: '/long/play/:avkey', name: 'lPlay' },
  { path: '/short/play/:avkey', name: 'sPlay' },
  { path: '/actor/:actorid', name: 'actor' },
  // A studio's videos (片商, issue 26): the publisher tab and layout 10 lead here.
  { path: '/studio/:studioid', name: 'studio' },
  { path: '/long/category', name: 'longCategory' },
  { path: '/short/category', name: 'shortCategory' },
  { path: '/category', name: 'category' },
  { path: '/category/:category', name: 'categoryList' },
  { path: '/category/:category/more', name: 'categoryListMore' },
  { path: '/long/search', name: 'lSearch' },
  { path: '/short/search', name: 'sSearch' },
  { path: '/original/search', name: 'oSearch' },
  { path: '/search/:search', name: 'searchList' },
  { path: '/classic', name: 'classicList' },
  { path: '/find', name: 'find' },
  { path: '/find/follower/:userid', name: 'follower' },
  { path: '/collect', name: 'collect' },
  { path: '/member', name: 'member' },
  { path: '/member_old', name: 'member' },
  { path: '/member/setting', name: 'setting' },
  { path: '/member/signin', name: 'signin' },
  { path: '/member/signup', name: 'signup' },
  { path: '/member/forget', name: 'forget' },
  { path: '/member/forgetVerify', name: 'forgetVerify' },
  { path: '/member/reset', name: 'reset' },
  { path: '/member/confirm', name: 'confirm', needsBinding: true },
  { path: '/member/changebind', name: 'changebind', needsBinding: true },
  { path: '/member/change', name: 'change', needsBinding: true },
  { path: '/member/product', name: 'product' },
  { path: '/member/share', name: 'share' },
  { path: '/member/friend', name: 'friend', needsBinding: true },
  { path: '/member/vip', name: 'vip' },
  { path: '/member/policy', name: 'policy' },
  { path: '/member/payment', name: 'payment' },
  { path: '/member/paymentOld', name: 'paymentOld' },
  { path: '/member/paymentSale/:level', name: 'paymentSale' },
  { path: '/member/appeal', name: 'appeal' },
  { path: '/member/activity', name: 'activity' },
  { path: '/member/ticketDiscount', name: 'ticketDiscount' },
] as const satisfies readonly RouteEntry[];

export type AppPath = (typeof ROUTE_TABLE)[number]['path'];

/** Tab roots show the bottom menu; every other page has its own back navigation. */
export const TAB_PATHS: string[] = [
  '/long',
  '/short',
  '/original',
  '/find',
  '/collect',
  '/member',
  '/member_old',
];

/**
 * A route path as a pattern over an address's path and query (what Workbox matches): a `:param`
 * is one segment, a trailing slash is allowed, letters match in any case, as the router does.
 */
export function navigationPattern(path: string): RegExp {
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/?#]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?(?:[?#]|$)`, 'i');
}

/** Navigations the app answers: its routes, and `/`, where it starts (and goes on to /long). */
export const APP_NAVIGATIONS: RegExp[] = ['/', ...ROUTE_TABLE.map((route) => route.path)].map(
  navigationPattern,
);
