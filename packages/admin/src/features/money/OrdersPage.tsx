import { DownloadOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  CONSOLE_ORDER_STATES,
  RefundInputSchema,
  type ConsoleOrder,
  type ConsoleOrderDetail,
} from '@app/contract/console/money';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleError } from '../../app/api.ts';
import { businessZone, formatDateTime } from '../../app/dates.ts';
import { schemaRule, showServerErrors } from '../../app/form.ts';
import { messageOf } from '../../app/i18n/index.ts';
import { useOperator } from '../../app/session.tsx';
import { useConsoleList, useOpen } from '../../app/use-list.ts';
import { ConsoleTable } from '../../components/ConsoleTable.tsx';
import { FilterBar, rangeOf, textOf } from '../../components/FilterBar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { moneyApi, yuan } from './money-api.ts';

interface Filters {
  user?: string;
  order_no?: string;
  status?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const STATUS_COLOURS: Record<string, string> = {
  pending: 'processing',
  paid: 'success',
  failed: 'default',
  refunded: 'error',
};

const day = (date: Dayjs | null | undefined) => (date ? date.format('YYYY-MM-DD') : undefined);

function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOURS[status]}>{t(`money_status_${status}` as 'money_status_paid')}</Tag>;
}

/** The revenue CSV of a range of business days: a plain download link. */
function RevenueExport() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    const today = dayjs().tz(businessZone());
    return [today.startOf('month'), today];
  });
  return (
    <Space>
      <DatePicker.RangePicker
        aria-label={t('money_export_range')}
        value={range}
        allowClear={false}
        onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
      />
      <Button
        icon={<DownloadOutlined />}
        href={moneyApi.revenueCsvUrl(day(range[0])!, day(range[1])!, i18n.language === 'tw' ? 'tw' : 'cn')}
        download
      >
        {t('money_export')}
      </Button>
    </Space>
  );
}

/** One order: its facts, the gateway's notifications, and the refund. */
function OrderDrawer({
  orderId,
  onClose,
  onChanged,
}: {
  orderId: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const operator = useOperator();
  const [detail, setDetail] = useState<ConsoleOrderDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refunding, setRefunding] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const mayRefund = operator.role === 'owner' || operator.role === 'finance';

  const load = useCallback(async (id: number) => {
    try {
      setDetail(await moneyApi.order(id));
      setError(null);
    } catch (reason) {
      setError(reason instanceof ConsoleError ? reason.error : 'server_error');
    }
  }, []);

  useEffect(() => {
    setDetail(null);
    if (orderId !== null) void load(orderId);
  }, [orderId, load]);

  const refund = async ({ reason }: { reason: string }) => {
    if (!detail) return;
    setSaving(true);
    try {
      const reply = await moneyApi.refund(detail.order.id, reason);
      message.success(t('money_refunded', { days: reply.vip_days_removed }));
      setRefunding(false);
      onChanged();
      await load(detail.order.id);
    } catch (reason) {
      const rest = showServerErrors(form, reason);
      if (rest) message.error(rest);
      if (reason instanceof ConsoleError && reason.status === 409) {
        setRefunding(false);
        await load(detail.order.id);
      }
    } finally {
      setSaving(false);
    }
  };

  const order = detail?.order;
  return (
    <Drawer
      size={720}
      open={orderId !== null}
      onClose={onClose}
      title={order ? t('money_order_title', { no: order.order_no }) : t('loading')}
      extra={
        order?.status === 'paid' &&
        mayRefund && (
          <Button danger icon={<RollbackOutlined />} onClick={() => setRefunding(true)}>
            {t('money_refund')}
          </Button>
        )
      }
    >
      {error && <Alert type="error" showIcon title={messageOf(error)} />}
      {order && detail && (
        <>
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label={t('money_status')}>
              <StatusTag status={order.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('money_user_id')}>{order.user_id}</Descriptions.Item>
            <Descriptions.Item label={t('money_plan_name')}>{order.name}</Descriptions.Item>
            <Descriptions.Item label={t('money_method')}>{order.method}</Descriptions.Item>
            <Descriptions.Item label={t('money_price')}>{yuan(order.price_cents)}</Descriptions.Item>
            <Descriptions.Item label={t('money_discount')}>{yuan(order.discount_cents)}</Descriptions.Item>
            <Descriptions.Item label={t('money_amount')}>
              <Typography.Text strong>{yuan(order.amount_cents)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('money_vip_days')}>
              {t('money_days_plus_bonus', { days: order.days, bonus: order.bonus_days })}
            </Descriptions.Item>
            <Descriptions.Item label={t('created_at')}>{formatDateTime(order.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t('money_paid_at')}>
              {formatDateTime(order.paid_at) || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('money_gateway_no')} span={2}>
              {order.gateway_trade_no ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('money_vip_until')}>
              {formatDateTime(order.vip_until) || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('money_user_vip_now')}>
              {formatDateTime(detail.user_vip_expiry) || '—'}
            </Descriptions.Item>
            {order.refunded_at && (
              <>
                <Descriptions.Item label={t('money_refunded_at')}>
                  {formatDateTime(order.refunded_at)}
                </Descriptions.Item>
                <Descriptions.Item label={t('money_refund_reason')}>{order.refund_reason}</Descriptions.Item>
              </>
            )}
            <Descriptions.Item label={t('money_source')} span={2}>
              {order.source ?? '—'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('money_notifications', { count: detail.notifications.length })}
          </Typography.Title>
          {detail.notifications.length === 0 ? (
            <Typography.Text type="secondary">{t('money_no_notifications')}</Typography.Text>
          ) : (
            <Timeline
              items={detail.notifications.map((notice) => ({
                color: notice.applied ? 'green' : notice.answer_status === 200 ? 'blue' : 'red',
                content: (
                  <div>
                    <Space>
                      <Typography.Text strong>{formatDateTime(notice.received_at)}</Typography.Text>
                      <Tag color={notice.answer_status === 200 ? 'success' : 'error'}>
                        {notice.answer_status} {notice.answer}
                      </Tag>
                      {notice.applied && <Tag color="green">{t('money_notify_applied')}</Tag>}
                    </Space>
                    <pre
                      style={{
                        margin: '8px 0 0',
                        fontSize: 12,
                        whiteSpace: 'pre-wrap',
                        wordBreak: 'break-all',
                      }}
                    >
                      {Object.entries(notice.params)
                        .map(([name, value]) => `${name}=${value}`)
                        .join('\n')}
                    </pre>
                  </div>
                ),
              }))}
            />
          )}
        </>
      )}
      <Modal
        open={refunding}
        title={t('money_refund_title', { no: order?.order_no ?? '' })}
        onCancel={() => setRefunding(false)}
        onOk={() => form.submit()}
        okText={t('money_refund')}
        okButtonProps={{ danger: true }}
        cancelText={t('cancel')}
        confirmLoading={saving}
        destroyOnHidden
      >
        {order && (
          <>
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('money_refund_warning', {
                amount: yuan(order.amount_cents),
                days: order.days + order.bonus_days,
                user: order.user_id,
              })}
            />
            <Form
              form={form}
              layout="vertical"
              initialValues={{ reason: '' }}
              onFinish={refund}
              preserve={false}
            >
              <Form.Item
                name="reason"
                label={t('money_refund_reason')}
                rules={[schemaRule(RefundInputSchema.shape.reason)]}
              >
                <Input.TextArea rows={3} maxLength={200} showCount />
              </Form.Item>
            </Form>
          </>
        )}
      </Modal>
    </Drawer>
  );
}

/** Orders: searched by buyer, order number, status and days; one opens with its notifications and refund. */
export function OrdersPage() {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const list = useConsoleList<ConsoleOrder>('/money/orders', { sort: 'created_at', order: 'desc' });
  const [open, setOpen] = useOpen();
  const shown = open && /^\d+$/.test(open) ? Number(open) : null;
  const mayExport = operator.role === 'owner' || operator.role === 'finance';
  // A zh-TW console reads plan and method names in Traditional, as a zh-TW phone does.
  const inScript = (simplified: string, traditional: string | null | undefined) =>
    i18n.language === 'tw' && traditional ? traditional : simplified;

  const columns: ColumnsType<ConsoleOrder> = [
    {
      title: t('money_order_no'),
      dataIndex: 'order_no',
      key: 'order_no',
      width: 240,
      render: (no: string, order) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, fontFamily: 'monospace' }}
          onClick={() => setOpen(order.id)}
        >
          {no}
        </Button>
      ),
    },
    { title: t('money_user_id'), dataIndex: 'user_id', key: 'user_id', width: 80 },
    {
      title: t('money_plan_name'),
      key: 'name',
      render: (_value, order) => inScript(order.name, order.name_tw),
    },
    {
      title: t('money_method'),
      key: 'method',
      render: (_value, order) => inScript(order.method, order.method_tw),
    },
    {
      title: t('money_amount'),
      dataIndex: 'amount_cents',
      key: 'amount_cents',
      width: 100,
      align: 'right',
      sorter: true,
      render: yuan,
    },
    {
      title: t('money_status'),
      dataIndex: 'status',
      key: 'status',
      width: 90,
      render: (status: string) => <StatusTag status={status} />,
    },
    {
      title: t('created_at'),
      dataIndex: 'created_at',
      key: 'created_at',
      width: 165,
      sorter: true,
      render: formatDateTime,
    },
    {
      title: t('money_paid_at'),
      dataIndex: 'paid_at',
      key: 'paid_at',
      width: 165,
      sorter: true,
      render: (paidAt: string | null) => formatDateTime(paidAt) || '—',
    },
  ];

  return (
    <>
      <PageHeader title={t('money_orders_title')} extra={mayExport && <RevenueExport />} />
      <FilterBar<Filters>
        list={list}
        toForm={(filters) => ({
          user: textOf(filters, 'user'),
          order_no: textOf(filters, 'order_no'),
          status: textOf(filters, 'status'),
          range: rangeOf(filters),
        })}
        toFilters={(values) => {
          const [from, to] = values.range ?? [];
          return {
            user: values.user?.trim(),
            order_no: values.order_no?.trim(),
            status: values.status,
            from: day(from),
            to: day(to),
          };
        }}
      >
        <Form.Item name="user">
          <Input
            allowClear
            aria-label={t('money_filter_user')}
            placeholder={t('money_filter_user')}
            style={{ width: 220 }}
          />
        </Form.Item>
        <Form.Item name="order_no">
          <Input
            allowClear
            aria-label={t('money_filter_order_no')}
            placeholder={t('money_filter_order_no')}
            style={{ width: 240 }}
          />
        </Form.Item>
        <Form.Item name="status">
          <Select
            allowClear
            aria-label={t('money_status')}
            placeholder={t('money_status')}
            style={{ width: 130 }}
            options={CONSOLE_ORDER_STATES.map((status) => ({
              value: status,
              label: t(`money_status_${status}` as 'money_status_paid'),
            }))}
          />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker aria-label={t('date_range')} />
        </Form.Item>
      </FilterBar>
      <ConsoleTable<ConsoleOrder>
        rowKey="id"
        columns={columns}
        {...list.tableProps}
        sortOrderOf={list.sortOrderOf}
      />
      <OrderDrawer orderId={shown} onClose={() => setOpen(null)} onChanged={list.reload} />
    </>
  );
}
