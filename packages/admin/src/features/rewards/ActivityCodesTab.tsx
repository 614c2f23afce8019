import type { ConsoleActivityCode, Redemption } from '@app/contract/console/rewards';
import { ACTIVITY_CODE_STATES } from '@app/contract/console/rewards';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Tag,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { consoleApi, ConsoleError } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { showServerErrors } from '../../app/form.ts';
import { messageOf } from '../../app/i18n/index.ts';
import { useConsoleList } from '../../app/use-list.ts';
import { ConsoleTable } from '../../components/ConsoleTable.tsx';
import { ListError, textOf } from '../../components/FilterBar.tsx';

const STATE_COLORS: Record<ConsoleActivityCode['state'], string> = {
  active: 'green',
  disabled: 'default',
  expired: 'orange',
  used_up: 'blue',
};

interface NewCode {
  code?: string;
  grantKind: 'vip' | 'point';
  amount: number;
  useLimit: number;
  expiresAt: Dayjs;
}

/** Activity codes: create with a grant, a use limit and an expiry; see who redeemed; switch off. */
export function ActivityCodesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useConsoleList<ConsoleActivityCode>('/rewards/activity-codes', {
    sort: 'created_at',
    order: 'desc',
  });
  const [creating, setCreating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [form] = Form.useForm<NewCode>();
  const [redemptionsOf, setRedemptionsOf] = useState<string | null>(null);

  const create = async (values: NewCode) => {
    setSaving(true);
    setFormError(null);
    try {
      const created = await consoleApi.post<ConsoleActivityCode>('/rewards/activity-codes', {
        code: values.code?.trim() || undefined,
        grantKind: values.grantKind,
        amount: values.amount,
        useLimit: values.useLimit,
        expiresAt: values.expiresAt.toISOString(),
      });
      message.success(t('code_created', { code: created.code }));
      setCreating(false);
      form.resetFields();
      list.reload();
    } catch (error) {
      setFormError(showServerErrors(form, error));
    } finally {
      setSaving(false);
    }
  };

  const disable = async (code: string) => {
    try {
      await consoleApi.post(`/rewards/activity-codes/${code}/disable`);
      message.success(t('code_disabled_done'));
    } catch (error) {
      message.error(messageOf(error instanceof ConsoleError ? error.error : 'server_error'));
    }
    list.reload();
  };

  const columns: ColumnsType<ConsoleActivityCode> = [
    {
      title: t('code_code'),
      dataIndex: 'code',
      key: 'code',
      sorter: true,
      render: (code: string) => <code style={{ fontSize: 15, letterSpacing: 1 }}>{code}</code>,
    },
    {
      title: t('code_grant'),
      key: 'grant',
      render: (_value, row) =>
        t(row.grantKind === 'vip' ? 'code_grant_vip_amount' : 'code_grant_point_amount', {
          amount: row.amount,
        }),
    },
    {
      title: t('code_uses'),
      dataIndex: 'usedCount',
      key: 'used_count',
      sorter: true,
      render: (_value, row) => `${row.usedCount} / ${row.useLimit}`,
    },
    {
      title: t('code_state'),
      dataIndex: 'state',
      key: 'state',
      render: (state: ConsoleActivityCode['state']) => (
        <Tag color={STATE_COLORS[state]}>{t(`code_state_${state}`)}</Tag>
      ),
    },
    {
      title: t('created_at'),
      dataIndex: 'createdAt',
      key: 'created_at',
      sorter: true,
      defaultSortOrder: 'descend',
      render: formatDateTime,
    },
    {
      title: t('code_expires_at'),
      dataIndex: 'expiresAt',
      key: 'expires_at',
      sorter: true,
      render: formatDateTime,
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 200,
      render: (_value, row) => (
        <Space>
          <Button size="small" onClick={() => setRedemptionsOf(row.code)}>
            {t('code_redemptions')}
          </Button>
          {row.state !== 'disabled' && (
            <Popconfirm
              title={t('code_disable_confirm')}
              onConfirm={() => disable(row.code)}
              okText={t('confirm')}
              cancelText={t('cancel')}
            >
              <Button size="small" danger>
                {t('code_disable')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          aria-label={t('code_state')}
          allowClear
          placeholder={t('code_state')}
          style={{ width: 160 }}
          options={ACTIVITY_CODE_STATES.map((state) => ({ value: state, label: t(`code_state_${state}`) }))}
          value={textOf(list.filters, 'state')}
          onChange={(state?: string) => list.setFilters({ ...list.filters, state })}
        />
        <Input.Search
          aria-label={t('code_filter_prefix')}
          allowClear
          placeholder={t('code_filter_prefix')}
          style={{ width: 240 }}
          maxLength={6}
          defaultValue={textOf(list.filters, 'q')}
          onSearch={(q) => list.setFilters({ ...list.filters, q: q.trim() })}
        />
        <Button
          type="primary"
          onClick={() => {
            form.setFieldsValue({
              grantKind: 'vip',
              amount: 1,
              useLimit: 100,
              expiresAt: dayjs().add(30, 'day'),
            });
            setFormError(null);
            setCreating(true);
          }}
        >
          {t('code_new')}
        </Button>
      </Space>
      <ListError error={list.error} />
      <ConsoleTable<ConsoleActivityCode>
        rowKey="code"
        columns={columns}
        {...list.tableProps}
        sortOrderOf={list.sortOrderOf}
      />

      <Modal
        title={t('code_new')}
        open={creating}
        onCancel={() => setCreating(false)}
        onOk={() => form.submit()}
        okText={t('save')}
        cancelText={t('cancel')}
        confirmLoading={saving}
        destroyOnHidden
      >
        {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
        <Form<NewCode> form={form} layout="vertical" onFinish={create} preserve={false}>
          <Form.Item name="code" label={t('code_code')} extra={t('code_code_hint')}>
            <Input maxLength={6} style={{ textTransform: 'uppercase' }} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="grantKind"
            label={t('code_grant_kind')}
            rules={[{ required: true, message: t('console_required') }]}
          >
            <Select
              options={[
                { value: 'vip', label: t('code_grant_vip') },
                { value: 'point', label: t('code_grant_point') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('code_amount')}
            rules={[
              { required: true, message: t('console_required') },
              { type: 'integer', min: 1, message: t('invalid_input') },
            ]}
          >
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="useLimit"
            label={t('code_use_limit')}
            rules={[
              { required: true, message: t('console_required') },
              { type: 'integer', min: 1, message: t('invalid_input') },
            ]}
          >
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="expiresAt"
            label={t('code_expires_at')}
            rules={[{ required: true, message: t('console_required') }]}
          >
            <DatePicker
              showTime
              style={{ width: '100%' }}
              disabledDate={(day) => day.isBefore(dayjs(), 'day')}
            />
          </Form.Item>
        </Form>
      </Modal>

      <Drawer
        width={560}
        open={redemptionsOf !== null}
        onClose={() => setRedemptionsOf(null)}
        title={redemptionsOf ? t('code_redemptions_of', { code: redemptionsOf }) : ''}
        destroyOnHidden
      >
        {redemptionsOf && <Redemptions code={redemptionsOf} />}
      </Drawer>
    </>
  );
}

function Redemptions({ code }: { code: string }) {
  const { t } = useTranslation();
  const list = useConsoleList<Redemption>(
    `/rewards/activity-codes/${code}/redemptions`,
    { sort: 'used_at', order: 'desc' },
    undefined,
    'local',
  );
  const columns: ColumnsType<Redemption> = [
    {
      title: t('redemption_user'),
      key: 'user',
      render: (_value, row) => (
        <Link to={`/users/${row.userId}`}>
          #{row.userId} {row.email ?? row.phone ?? row.inviteCode}
        </Link>
      ),
    },
    { title: t('redemption_used_at'), dataIndex: 'usedAt', key: 'used_at', render: formatDateTime },
  ];
  return <ConsoleTable<Redemption> rowKey="userId" size="small" columns={columns} {...list.tableProps} />;
}
