import { List } from 'antd-mobile';
import {
  BillOutline,
  CouponOutline,
  FileOutline,
  GiftOutline,
  KeyOutline,
  LockOutline,
  MailOutline,
  MessageOutline,
  PayCircleOutline,
  SetOutline,
  TeamOutline,
  UserAddOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import {
  friendEntryShown,
  isBound,
  maskedAccount,
  messengerLinks,
  supportMailHref,
} from '../member-rules.ts';

interface Entry {
  key: string;
  icon: ReactNode;
  title: string;
  extra?: string;
  to?: string;
  href?: string;
}

/** The entry lists shared by both layouts: my info, exchange codes and customer service. */
export function MemberMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo, appInfo, hostList } = useStartupData();
  const bound = isBound(userInfo);

  const myInfo: Entry[] = [
    bound
      ? {
          key: 'changebind',
          icon: <UserContactOutline />,
          title: t(userInfo.email ? 'member_bound_mail' : 'member_bound_phone'),
          extra: maskedAccount(userInfo),
          to: '/member/confirm',
        }
      : { key: 'signup', icon: <UserAddOutline />, title: t('member_bind_account'), to: '/member/signup' },
    ...(bound
      ? [{ key: 'change', icon: <LockOutline />, title: t('route_change'), to: '/member/change' }]
      : []),
    { key: 'product', icon: <BillOutline />, title: t('route_product'), to: '/member/product' },
    {
      key: 'tickets',
      icon: <CouponOutline />,
      title: t('route_ticketDiscount'),
      to: '/member/ticketDiscount',
    },
    { key: 'share', icon: <TeamOutline />, title: t('route_share'), to: '/member/share' },
    { key: 'setting', icon: <SetOutline />, title: t('route_setting'), to: '/member/setting' },
    { key: 'policy', icon: <FileOutline />, title: t('route_policy'), to: '/member/policy' },
  ];
  const exchange: Entry[] = [
    { key: 'activity', icon: <KeyOutline />, title: t('route_activity'), to: '/member/activity' },
    ...(friendEntryShown(userInfo, appInfo.share.days)
      ? [{ key: 'friend', icon: <UserAddOutline />, title: t('route_friend'), to: '/member/friend' }]
      : []),
    { key: 'vip', icon: <GiftOutline />, title: t('route_vip'), to: '/member/vip' },
  ];
  const version = __APP_VERSION__;
  const service: Entry[] = [
    {
      key: 'mail',
      icon: <MailOutline />,
      title: t('member_mail_support'),
      extra: appInfo.support_mail,
      href: supportMailHref(
        appInfo.support_mail,
        t('support_mail_subject', { id: userInfo.user_id }),
        t('support_mail_body', { id: userInfo.user_id, version }),
      ),
    },
    { key: 'appeal', icon: <PayCircleOutline />, title: t('route_appeal'), to: '/member/appeal' },
    ...messengerLinks(hostList).map((link) => ({
      key: link.name,
      icon: <MessageOutline />,
      title: t(`messenger_${link.name}`),
      href: link.url,
    })),
  ];

  const open = (entry: Entry) => {
    if (entry.to) navigate(entry.to);
    else if (entry.href?.startsWith('mailto:')) window.location.href = entry.href;
    else if (entry.href) window.open(entry.href, '_blank', 'noopener');
  };
  const section = (title: string, entries: Entry[]) => (
    <List header={title} className="member-list" mode="card">
      {entries.map((entry) => (
        <List.Item
          key={entry.key}
          prefix={<span className="member-list__icon">{entry.icon}</span>}
          extra={entry.extra}
          onClick={() => open(entry)}
          arrowIcon
        >
          {entry.title}
        </List.Item>
      ))}
    </List>
  );

  return (
    <>
      {section(t('member_my_info'), myInfo)}
      {section(t('member_exchange_center'), exchange)}
      {section(t('member_service'), service)}
    </>
  );
}
