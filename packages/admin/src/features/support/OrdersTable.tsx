import type { ConsoleOrder } from '@app/contract/console/support';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/dates.ts';
import { ConsoleTable } from '../../components/ConsoleTable.tsx';

const STATUS_COLORS: Record<ConsoleOrder['status'], string> = {
  pending: 'orange',
  paid: 'green',
  failed: 'default',
  refunded: 'purple',
};

/** A user's newest orders, as the appeal and user pages show them. */
export function OrdersTable({ orders }: { orders: ConsoleOrder[] }) {
  const { t, i18n } = useTranslation();
  // A zh-TW console reads plan and method names in Traditional, as a zh-TW phone does.
  const inScript = (simplified: string, traditional: string | null | undefined) =>
    i18n.language === 'tw' && traditional ? traditional : simplified;
  const columns: ColumnsType<ConsoleOrder> = [
    { title: t('order_no'), dataIndex: 'outTradeNo', key: 'no', render: (no: string) => <code>{no}</code> },
    { title: t('order_name'), key: 'name', render: (_value, row) => inScript(row.name, row.nameTw) },
    {
      title: t('money_method'),
      key: 'method',
      render: (_value, row) => inScript(row.method, row.methodTw),
    },
    {
      title: t('order_amount'),
      dataIndex: 'amountCents',
      key: 'amount',
      render: (cents: number) => `¥${(cents / 100).toFixed(2)}`,
    },
    {
      title: t('order_days'),
      key: 'days',
      render: (_value, row) => (row.bonusDays ? `${row.days} + ${row.bonusDays}` : row.days),
    },
    {
      title: t('order_status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: ConsoleOrder['status']) => (
        <Tag color={STATUS_COLORS[status]}>{t(`order_status_${status}`)}</Tag>
      ),
    },
    { title: t('created_at'), dataIndex: 'createdAt', key: 'created', render: formatDateTime },
  ];
  return (
    <ConsoleTable<ConsoleOrder>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={orders}
      pagination={false}
      locale={{ emptyText: t('no_orders') }}
    />
  );
}
