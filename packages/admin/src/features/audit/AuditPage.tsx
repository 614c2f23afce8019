import type { AuditEntry, Operator } from '@app/contract/console/operators';
import type { ConsoleList } from '@app/contract/console/list';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, ConsoleError } from '../../app/api.ts';
import { endOfBusinessDay, formatDateTime, startOfBusinessDay } from '../../app/dates.ts';
import { messageOf } from '../../app/i18n/index.ts';
import { useConsoleList } from '../../app/use-list.ts';
import { PageHeader } from '../../components/PageHeader.tsx';

interface Filters {
  operatorId?: number;
  action?: string;
  target?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const json = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);

/** The audit log (owner only): newest first, filtered by operator, action, target and dates. */
export function AuditPage() {
  const { t } = useTranslation();
  const list = useConsoleList<AuditEntry>('/audit', { sort: 'at', order: 'desc' });
  const [form] = Form.useForm<Filters>();
  const [shown, setShown] = useState<AuditEntry | null>(null);
  const [operators, setOperators] = useState<Operator[]>([]);

  useEffect(() => {
    consoleApi
      .get<ConsoleList<Operator>>('/operators', { pageSize: 200, sort: 'email', order: 'asc' })
      .then((reply) => setOperators(reply.items))
      .catch(() => setOperators([]));
  }, []);

  const apply = (values: Filters) => {
    const [from, to] = values.range ?? [];
    list.setFilters({
      operatorId: values.operatorId,
      action: values.action?.trim(),
      target: values.target?.trim(),
      from: from ? startOfBusinessDay(from) : undefined,
      to: to ? endOfBusinessDay(to) : undefined,
    });
  };

  const columns: ColumnsType<AuditEntry> = [
    {
      title: t('audit_at'),
      dataIndex: 'at',
      key: 'at',
      width: 190,
      sorter: true,
      defaultSortOrder: 'descend',
      render: formatDateTime,
    },
    {
      title: t('audit_operator'),
      dataIndex: 'operatorEmail',
      key: 'operator',
      width: 240,
      render: (email: string | null) =>
        email ?? <Typography.Text type="secondary">{t('audit_system')}</Typography.Text>,
    },
    {
      title: t('audit_action'),
      dataIndex: 'action',
      key: 'action',
      width: 220,
      render: (action: string) => <code>{action}</code>,
    },
    {
      title: t('audit_target'),
      dataIndex: 'target',
      key: 'target',
      width: 160,
      render: (target: string) => <code>{target}</code>,
    },
    {
      title: t('audit_after'),
      dataIndex: 'after',
      key: 'after',
      ellipsis: true,
      render: (after: unknown) => (
        <Typography.Text type="secondary">{after == null ? '—' : JSON.stringify(after)}</Typography.Text>
      ),
    },
    {
      title: t('audit_details'),
      key: 'details',
      width: 100,
      render: (_value, row) => (
        <Button size="small" onClick={() => setShown(row)}>
          {t('audit_view')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('audit_title')} />
      <Form<Filters> form={form} layout="inline" onFinish={apply} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="operatorId">
          <Select
            aria-label={t('audit_operator')}
            allowClear
            placeholder={t('audit_operator')}
            style={{ width: 220 }}
            options={operators.map((operator) => ({ value: operator.id, label: operator.email }))}
          />
        </Form.Item>
        <Form.Item name="action">
          <Input allowClear placeholder={t('audit_filter_action')} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="target">
          <Input allowClear placeholder={t('audit_filter_target')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker aria-label={t('date_range')} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              list.setFilters({});
            }}
          >
            {t('reset')}
          </Button>
        </Space>
      </Form>
      {list.error !== null && (
        <Alert
          type="error"
          showIcon
          title={messageOf(list.error instanceof ConsoleError ? list.error.error : 'server_error')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<AuditEntry> rowKey="id" columns={columns} {...list.tableProps} />
      <Drawer width={640} open={shown !== null} onClose={() => setShown(null)} title={t('audit_details')}>
        {shown && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('audit_at')}>{formatDateTime(shown.at)}</Descriptions.Item>
            <Descriptions.Item label={t('audit_operator')}>
              {shown.operatorEmail ?? t('audit_system')}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit_action')}>
              <code>{shown.action}</code>
            </Descriptions.Item>
            <Descriptions.Item label={t('audit_target')}>
              <code>{shown.target}</code>
            </Descriptions.Item>
            <Descriptions.Item label={t('audit_before')}>
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{json(shown.before)}</pre>
            </Descriptions.Item>
            <Descriptions.Item label={t('audit_after')}>
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{json(shown.after)}</pre>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
    </>
  );
}
