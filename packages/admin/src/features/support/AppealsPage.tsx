import type { ConsoleAppeal, ConsoleOrder } from '@app/contract/console/support';
import {
  Alert,
  App,
  Button,
  Col,
  Descriptions,
  Drawer,
  Form,
  Image,
  Input,
  InputNumber,
  Row,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { API_BASE, consoleApi, ConsoleError } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { showServerErrors } from '../../app/form.ts';
import { messageOf } from '../../app/i18n/index.ts';
import { useConsoleList, useOpen } from '../../app/use-list.ts';
import { ConsoleTable } from '../../components/ConsoleTable.tsx';
import { StateFilter } from '../../components/FilterBar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { OrdersTable } from './OrdersTable.tsx';

type AppealState = ConsoleAppeal['state'];
const STATE_COLORS: Record<AppealState, string> = { pending: 'orange', approved: 'green', rejected: 'red' };

/** The appeal queue: newest first, each opened beside the user's orders to approve or reject. */
export function AppealsPage() {
  const { t } = useTranslation();
  const list = useConsoleList<ConsoleAppeal>('/support/appeals', { sort: 'created_at', order: 'desc' });
  const [open, setOpen] = useOpen();
  const openId = open && /^\d+$/.test(open) ? Number(open) : null;
  const setOpenId = (id: number | null) => setOpen(id);

  const columns: ColumnsType<ConsoleAppeal> = [
    { title: 'ID', dataIndex: 'id', key: 'id', width: 80 },
    {
      title: t('created_at'),
      dataIndex: 'createdAt',
      key: 'created_at',
      sorter: true,
      render: formatDateTime,
    },
    {
      title: t('appeal_account'),
      key: 'account',
      render: (_value, row) => (
        <Link to={`/users/${row.userId}`}>
          #{row.userId} {row.accountEmail ?? row.accountPhone ?? ''}
        </Link>
      ),
    },
    { title: t('appeal_contact'), dataIndex: 'email', key: 'email' },
    {
      title: t('appeal_state'),
      key: 'state',
      render: (_value, row) => (
        <Space size={4}>
          <Tag color={STATE_COLORS[row.state]}>{t(`appeal_state_${row.state}`)}</Tag>
          {row.autoVip && <Tag>{t('appeal_auto_vip')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 110,
      render: (_value, row) => (
        <Button
          size="small"
          type={row.state === 'pending' ? 'primary' : 'default'}
          onClick={() => setOpenId(row.id)}
        >
          {t(row.state === 'pending' ? 'appeal_open' : 'appeal_view')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('appeals_title')} />
      <StateFilter<AppealState | 'all'>
        list={list}
        options={(['pending', 'approved', 'rejected', 'all'] as const).map((value) => ({
          value,
          label: value === 'all' ? t('all') : t(`appeal_state_${value}`),
        }))}
      />
      <ConsoleTable<ConsoleAppeal>
        rowKey="id"
        columns={columns}
        {...list.tableProps}
        sortOrderOf={list.sortOrderOf}
      />
      <Drawer
        width={1080}
        open={openId !== null}
        onClose={() => setOpenId(null)}
        title={openId ? t('appeal_detail_title', { id: openId }) : ''}
        destroyOnHidden
      >
        {openId !== null && (
          <AppealDetail
            id={openId}
            onDecided={() => {
              setOpenId(null);
              list.reload();
            }}
          />
        )}
      </Drawer>
    </>
  );
}

interface Detail {
  appeal: ConsoleAppeal;
  orders: ConsoleOrder[];
  suggestedDays: number;
}

function AppealDetail({ id, onDecided }: { id: number; onDecided: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [approveForm] = Form.useForm<{ days: number }>();
  const [rejectForm] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    consoleApi
      .get<Detail>(`/support/appeals/${id}`)
      .then((reply) => {
        setDetail(reply);
        approveForm.setFieldsValue({ days: reply.suggestedDays });
      })
      .catch((error: unknown) =>
        setLoadError(messageOf(error instanceof ConsoleError ? error.error : 'server_error')),
      );
  }, [id, approveForm]);

  const decide = async (
    path: 'approve' | 'reject',
    body: object,
    form: typeof approveForm | typeof rejectForm,
  ) => {
    setBusy(true);
    setFormError(null);
    try {
      await consoleApi.post(`/support/appeals/${id}/${path}`, body);
      message.success(t(path === 'approve' ? 'appeal_approved_done' : 'appeal_rejected_done'));
      onDecided();
    } catch (error) {
      setFormError(showServerErrors(form as never, error));
    } finally {
      setBusy(false);
    }
  };

  if (loadError) return <Alert type="error" showIcon title={loadError} />;
  if (!detail) return <Skeleton active />;
  const { appeal, orders } = detail;
  return (
    <Row gutter={24}>
      <Col span={10}>
        <Typography.Title level={5}>{t('appeal_image')}</Typography.Title>
        <Image
          src={`${API_BASE}/support/appeals/${id}/image`}
          alt={t('appeal_image')}
          style={{ maxHeight: 560, objectFit: 'contain', background: '#f5f5f5' }}
          width="100%"
        />
      </Col>
      <Col span={14}>
        <Descriptions column={2} size="small" bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('appeal_account')}>
            <Link to={`/users/${appeal.userId}`}>
              #{appeal.userId} {appeal.accountEmail ?? appeal.accountPhone ?? ''}
            </Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('appeal_contact')}>{appeal.email}</Descriptions.Item>
          <Descriptions.Item label={t('created_at')}>{formatDateTime(appeal.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('appeal_state')}>
            <Tag color={STATE_COLORS[appeal.state]}>{t(`appeal_state_${appeal.state}`)}</Tag>
            {appeal.autoVip && <Tag>{t('appeal_auto_vip')}</Tag>}
          </Descriptions.Item>
          {appeal.state !== 'pending' && (
            <>
              <Descriptions.Item label={t('appeal_decided_by')}>{appeal.decidedBy ?? ''}</Descriptions.Item>
              <Descriptions.Item label={t('appeal_decided_at')}>
                {formatDateTime(appeal.decidedAt)}
              </Descriptions.Item>
              {appeal.state === 'approved' && (
                <Descriptions.Item label={t('appeal_approve_days')} span={2}>
                  {appeal.approvedDays}
                </Descriptions.Item>
              )}
              {appeal.state === 'rejected' && (
                <Descriptions.Item label={t('appeal_reject')} span={2}>
                  {appeal.rejectReason}
                </Descriptions.Item>
              )}
            </>
          )}
        </Descriptions>
        <Typography.Title level={5}>{t('appeal_orders')}</Typography.Title>
        <OrdersTable orders={orders} />
        {appeal.state === 'pending' && (
          <div style={{ marginTop: 24 }}>
            {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
            <Form
              form={approveForm}
              layout="inline"
              onFinish={(values) => decide('approve', values, approveForm)}
              style={{ marginBottom: 16 }}
            >
              <Form.Item
                name="days"
                label={t('appeal_approve_days')}
                tooltip={t('appeal_approve_hint')}
                rules={[{ required: true, message: t('console_required') }]}
              >
                <InputNumber min={1} max={3650} precision={0} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={busy}>
                {t('appeal_approve')}
              </Button>
            </Form>
            <Form
              form={rejectForm}
              layout="vertical"
              onFinish={(values) => decide('reject', values, rejectForm)}
            >
              <Form.Item
                name="reason"
                label={t('appeal_reject_reason')}
                rules={[{ required: true, whitespace: true, message: t('console_required') }]}
              >
                <Input.TextArea rows={2} maxLength={200} showCount />
              </Form.Item>
              <Button danger htmlType="submit" loading={busy}>
                {t('appeal_reject')}
              </Button>
            </Form>
          </div>
        )}
      </Col>
    </Row>
  );
}
