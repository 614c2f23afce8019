import type { UserDetail, UserLookupField, UserSummary } from '@app/contract/console/support';
import {
  GRANT_KIND_WORDS,
  USER_BROWSE_FILTERS,
  USER_COUNT_CEILING,
  USER_LOOKUP_FIELDS,
  type UserBrowseReplySchema,
} from '@app/contract/console/support';
import type { z } from 'zod';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Tabs,
  Tag,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import { consoleApi, ConsoleError } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { showServerErrors } from '../../app/form.ts';
import { messageOf } from '../../app/i18n/index.ts';
import { useConsoleList } from '../../app/use-list.ts';
import { ConsoleTable, Truncated } from '../../components/ConsoleTable.tsx';
import { StateFilter } from '../../components/FilterBar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { OrdersTable } from './OrdersTable.tsx';

type UserBrowseReply = z.infer<typeof UserBrowseReplySchema>;
type UserBrowseFilter = (typeof USER_BROWSE_FILTERS)[number];

/** User lookup and browsing (`/users`) and one user's page (`/users/:id`). */
export function UsersPage() {
  return (
    <Routes>
      <Route index element={<UserLookup />} />
      <Route path=":id" element={<UserPage />} />
    </Routes>
  );
}

function UserLookup() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ by: UserLookupField; q: string }>();
  const [found, setFound] = useState<UserSummary[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const search = async (values: { by: UserLookupField; q: string }) => {
    setSearching(true);
    setError(null);
    try {
      const reply = await consoleApi.get<{ items: UserSummary[] }>('/support/users', values);
      if (reply.items.length === 1) navigate(`/users/${reply.items[0]!.id}`);
      else setFound(reply.items);
    } catch (reason) {
      setError(showServerErrors(form, reason));
    } finally {
      setSearching(false);
    }
  };

  return (
    <>
      <PageHeader title={t('users_title')} />
      <Form
        form={form}
        layout="inline"
        onFinish={search}
        initialValues={{ by: 'id' }}
        style={{ marginBottom: 24 }}
      >
        <Form.Item name="by" label={t('user_lookup_by')}>
          <Select
            style={{ width: 140 }}
            options={USER_LOOKUP_FIELDS.map((field) => ({ value: field, label: t(`user_by_${field}`) }))}
          />
        </Form.Item>
        <Form.Item name="q" rules={[{ required: true, whitespace: true, message: t('console_required') }]}>
          <Input
            allowClear
            placeholder={t('user_lookup_placeholder')}
            style={{ width: 320 }}
            maxLength={254}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={searching}>
          {t('search')}
        </Button>
      </Form>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {found && found.length === 0 && <Empty description={t('user_not_found')} />}
      <UserBrowser />
    </>
  );
}

/**
 * Browse the accounts (issue 37 §16): newest first, VIP, banned, guests or bound ones, sortable;
 * the view is in the address. A count past the ceiling is said as "200+".
 */
function UserBrowser() {
  const { t } = useTranslation();
  const list = useConsoleList<UserSummary>('/support/users', { sort: 'id', order: 'desc' });
  const reply = list.data as UserBrowseReply;
  const columns: ColumnsType<UserSummary> = [
    {
      title: t('user_id'),
      dataIndex: 'id',
      key: 'id',
      sorter: true,
      render: (id: number) => <Link to={`/users/${id}`}>#{id}</Link>,
    },
    {
      title: t('user_account'),
      key: 'account',
      render: (_value, user) => <Truncated text={user.email ?? user.phone ?? t('user_guest')} width={220} />,
    },
    { title: t('user_invite_code'), dataIndex: 'inviteCode', key: 'invite' },
    { title: t('user_created'), dataIndex: 'createdAt', key: 'created', render: formatDateTime },
    { title: t('user_vip'), key: 'vipExpiry', sorter: true, render: (_value, user) => vipText(t, user) },
    { title: t('user_points'), dataIndex: 'points', key: 'points', sorter: true, align: 'right' },
    {
      title: t('user_banned'),
      dataIndex: 'bannedAt',
      key: 'bannedAt',
      sorter: true,
      render: (at: string | null) => (at ? <Tag color="red">{formatDateTime(at)}</Tag> : '—'),
    },
  ];
  return (
    <Card title={t('user_browse')} size="small">
      <StateFilter<UserBrowseFilter>
        list={list}
        name="filter"
        options={USER_BROWSE_FILTERS.map((value) => ({ value, label: t(`user_filter_${value}`) }))}
      />
      <ConsoleTable<UserSummary>
        rowKey="id"
        columns={columns}
        {...list.tableProps}
        sortOrderOf={list.sortOrderOf}
        pagination={{
          ...list.tableProps.pagination,
          showTotal: (total: number) =>
            reply.totalExact === false
              ? t('total_more', { count: USER_COUNT_CEILING })
              : t('total_items', { count: total }),
        }}
      />
    </Card>
  );
}

function vipText(t: ReturnType<typeof useTranslation>['t'], user: UserSummary) {
  return user.vip ? (
    <Tag color="gold">{t('user_vip_until', { date: formatDateTime(user.vipExpiry) })}</Tag>
  ) : (
    <Tag>{t('user_not_vip')}</Tag>
  );
}

function UserPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const id = Number(useParams().id);
  const [detail, setDetail] = useState<UserDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [grant, setGrant] = useState<'vip' | 'points' | null>(null);
  const [banning, setBanning] = useState(false);

  const load = useCallback(() => {
    consoleApi
      .get<UserDetail>(`/support/users/${id}`)
      .then((reply) => (setDetail(reply), setLoadError(null)))
      .catch((error: unknown) =>
        setLoadError(messageOf(error instanceof ConsoleError ? error.error : 'server_error')),
      );
  }, [id]);
  useEffect(load, [load]);

  const act = async (path: string, done: (reply: { ended?: number }) => string) => {
    try {
      const reply = await consoleApi.post<{ ended?: number }>(`/support/users/${id}/${path}`);
      message.success(done(reply));
    } catch (error) {
      message.error(messageOf(error instanceof ConsoleError ? error.error : 'server_error'));
    }
    load();
  };

  if (loadError) return <Alert type="error" showIcon title={loadError} />;
  if (!detail) return <Skeleton active />;
  const { user } = detail;

  return (
    <>
      <PageHeader
        title={
          <Space>
            <Link to="/users">{t('users_title')}</Link>/<span>#{user.id}</span>
            {user.bannedAt ? (
              <Tag color="red">{t('user_banned')}</Tag>
            ) : (
              <Tag color="green">{t('user_active')}</Tag>
            )}
          </Space>
        }
        extra={
          <Space wrap>
            <Button onClick={() => setGrant('vip')}>{t('user_grant_vip')}</Button>
            <Button onClick={() => setGrant('points')}>{t('user_grant_points')}</Button>
            <Popconfirm
              title={t('user_end_sessions_confirm')}
              onConfirm={() =>
                act('sessions/end', (reply) => t('user_sessions_ended', { count: reply.ended ?? 0 }))
              }
              okText={t('confirm')}
              cancelText={t('cancel')}
            >
              <Button>{t('user_end_sessions')}</Button>
            </Popconfirm>
            {user.bannedAt ? (
              <Popconfirm
                title={t('user_unban_confirm')}
                onConfirm={() => act('unban', () => t('user_unban_done'))}
                okText={t('confirm')}
                cancelText={t('cancel')}
              >
                <Button>{t('user_unban')}</Button>
              </Popconfirm>
            ) : (
              <Button danger onClick={() => setBanning(true)}>
                {t('user_ban')}
              </Button>
            )}
          </Space>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions column={3} size="small">
          <Descriptions.Item label={t('user_id')}>{user.id}</Descriptions.Item>
          <Descriptions.Item label={t('user_email')}>{user.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('user_phone')}>{user.phone ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('user_invite_code')}>
            <code>{user.inviteCode}</code>
          </Descriptions.Item>
          <Descriptions.Item label={t('user_created')}>{formatDateTime(user.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('user_vip')}>{vipText(t, user)}</Descriptions.Item>
          <Descriptions.Item label={t('user_points')}>{user.points}</Descriptions.Item>
          <Descriptions.Item label={t('user_ledger_points')}>{user.ledgerPoints}</Descriptions.Item>
          <Descriptions.Item label={t('user_paid_orders')}>{user.paidOrders}</Descriptions.Item>
          <Descriptions.Item label={t('user_invites')}>{user.inviteCount}</Descriptions.Item>
          {user.bannedAt && (
            <Descriptions.Item label={t('user_ban_reason')} span={2}>
              {user.banReason} ({formatDateTime(user.bannedAt)})
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card>
        <Tabs
          items={[
            { key: 'orders', label: t('user_tab_orders'), children: <OrdersTable orders={detail.orders} /> },
            { key: 'ledger', label: t('user_tab_ledger'), children: <LedgerTable rows={detail.ledger} /> },
            {
              key: 'sessions',
              label: t('user_tab_sessions'),
              children: <SessionsTable rows={detail.sessions} />,
            },
            {
              key: 'tickets',
              label: t('user_tab_tickets'),
              children: <TicketsTable rows={detail.tickets} />,
            },
            {
              key: 'checkins',
              label: t('user_tab_checkins'),
              children: <CheckinsTable rows={detail.checkins} />,
            },
          ]}
        />
      </Card>
      <GrantModal
        userId={user.id}
        kind={grant}
        onClose={(changed) => {
          setGrant(null);
          if (changed) load();
        }}
      />
      <BanModal
        userId={user.id}
        open={banning}
        onClose={(changed) => {
          setBanning(false);
          if (changed) load();
        }}
      />
    </>
  );
}

/** VIP days or points, added or taken back, with a reason; one submission is one ledger row. */
function GrantModal({
  userId,
  kind,
  onClose,
}: {
  userId: number;
  kind: 'vip' | 'points' | null;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ amount: number; reason: string }>();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // Made when the form opens: a double click or a retry of this submission grants once.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  useEffect(() => {
    if (kind) {
      setRequestId(crypto.randomUUID());
      setFormError(null);
      form.resetFields();
    }
  }, [kind, form]);

  const amountField = kind === 'vip' ? 'days' : 'points';
  const save = async (values: { amount: number; reason: string }) => {
    setSaving(true);
    setFormError(null);
    try {
      await consoleApi.post(`/support/users/${userId}/${kind === 'vip' ? 'vip' : 'points'}`, {
        [amountField]: values.amount,
        reason: values.reason,
        requestId,
      });
      message.success(t('user_grant_done'));
      onClose(true);
    } catch (error) {
      if (error instanceof ConsoleError && error.fields[amountField]) {
        form.setFields([{ name: 'amount', errors: [messageOf(error.fields[amountField])] }]);
        if (error.fields.reason)
          form.setFields([{ name: 'reason', errors: [messageOf(error.fields.reason)] }]);
        setFormError(null);
      } else setFormError(showServerErrors(form, error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t(kind === 'vip' ? 'user_grant_vip' : 'user_grant_points')}
      open={kind !== null}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={save} preserve={false}>
        <Form.Item
          name="amount"
          label={t(kind === 'vip' ? 'user_grant_days' : 'user_grant_points_amount')}
          rules={[
            { required: true, message: t('console_required') },
            {
              validator: async (_rule, value) =>
                value === 0 && Promise.reject(new Error(t('console_not_zero'))),
            },
          ]}
        >
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('user_grant_reason')}
          rules={[{ required: true, whitespace: true, message: t('console_required') }]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function BanModal({
  userId,
  open,
  onClose,
}: {
  userId: number;
  open: boolean;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const ban = async (values: { reason: string }) => {
    setSaving(true);
    setFormError(null);
    try {
      await consoleApi.post(`/support/users/${userId}/ban`, values);
      message.success(t('user_ban_done'));
      onClose(true);
    } catch (error) {
      setFormError(showServerErrors(form, error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={t('user_ban')}
      open={open}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={t('user_ban')}
      okButtonProps={{ danger: true }}
      cancelText={t('cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('user_ban_hint')} style={{ marginBottom: 16 }} />
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={ban} preserve={false}>
        <Form.Item
          name="reason"
          label={t('user_ban_reason')}
          rules={[{ required: true, whitespace: true, message: t('console_required') }]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function LedgerTable({ rows }: { rows: UserDetail['ledger'] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'tw' ? 'tw' : 'cn';
  const columns: ColumnsType<UserDetail['ledger'][number]> = [
    { title: t('ledger_time'), dataIndex: 'createdAt', key: 'at', render: formatDateTime },
    {
      title: t('ledger_kind'),
      dataIndex: 'kind',
      key: 'kind',
      // Words, never the stored key; a kind not known yet reads as "other".
      render: (kind: string) =>
        (GRANT_KIND_WORDS as Record<string, { cn: string; tw: string }>)[kind]?.[locale] ??
        t('ledger_kind_other'),
    },
    {
      title: t('ledger_order'),
      key: 'order',
      render: (_value, row) => (row as { orderNo?: string | null }).orderNo ?? '—',
    },
    {
      title: t('ledger_points'),
      dataIndex: 'points',
      key: 'points',
      render: (value: number) => (value ? value : ''),
    },
    {
      title: t('ledger_vip_days'),
      dataIndex: 'vipDays',
      key: 'vip',
      render: (value: number) => (value ? value : ''),
    },
    { title: t('ledger_reason'), dataIndex: 'reason', key: 'reason' },
  ];
  return <ConsoleTable rowKey="id" size="small" columns={columns} dataSource={rows} pagination={false} />;
}

function SessionsTable({ rows }: { rows: UserDetail['sessions'] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<UserDetail['sessions'][number]> = [
    { title: t('session_platform'), dataIndex: 'platform', key: 'platform' },
    { title: t('session_created'), dataIndex: 'createdAt', key: 'created', render: formatDateTime },
    { title: t('session_last_seen'), dataIndex: 'lastSeenAt', key: 'seen', render: formatDateTime },
    {
      title: t('session_ended'),
      key: 'ended',
      render: (_value, row) =>
        row.endedAt ? (
          <span>
            {formatDateTime(row.endedAt)} <code>{row.endedReason}</code>
          </span>
        ) : (
          <Tag color="green">{t('session_live')}</Tag>
        ),
    },
  ];
  return <ConsoleTable rowKey="id" size="small" columns={columns} dataSource={rows} pagination={false} />;
}

function TicketsTable({ rows }: { rows: UserDetail['tickets'] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<UserDetail['tickets'][number]> = [
    { title: t('ticket_name'), dataIndex: 'name', key: 'name' },
    { title: t('ticket_granted'), dataIndex: 'grantedAt', key: 'granted', render: formatDateTime },
    { title: t('ticket_expires'), dataIndex: 'expiresAt', key: 'expires', render: formatDateTime },
    { title: t('ticket_spent'), dataIndex: 'spentAt', key: 'spent', render: formatDateTime },
  ];
  return <ConsoleTable rowKey="id" size="small" columns={columns} dataSource={rows} pagination={false} />;
}

function CheckinsTable({ rows }: { rows: UserDetail['checkins'] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<UserDetail['checkins'][number]> = [
    { title: t('checkin_date'), dataIndex: 'day', key: 'day' },
    { title: t('checkin_streak'), dataIndex: 'streak', key: 'streak' },
  ];
  return <ConsoleTable rowKey="day" size="small" columns={columns} dataSource={rows} pagination={false} />;
}
