import {
  AUDIT_ACTION_WORDS,
  AUDIT_ACTIONS,
  AUDIT_FIELD_WORDS,
  AUDIT_TARGET_KIND_LIST,
  AUDIT_TARGET_KINDS,
  auditActionWords,
  type AuditEntry,
  type Words,
} from '@app/contract/console/audit';
import { OPERATOR_ROLES, type Operator, type OperatorRole } from '@app/contract/console/operators';
import type { ConsoleList } from '@app/contract/console/list';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Descriptions, Drawer, Form, Input, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { API_BASE, consoleApi, withQuery, type Query } from '../../app/api.ts';
import { businessZone, endOfBusinessDay, formatDateTime, startOfBusinessDay } from '../../app/dates.ts';
import type { Locale } from '../../app/i18n/index.ts';
import { useConsoleList, useOpen } from '../../app/use-list.ts';
import { ConsoleTable, Truncated } from '../../components/ConsoleTable.tsx';
import { FilterBar, rangeOf, textOf } from '../../components/FilterBar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

interface Filters {
  operatorId?: number;
  action?: string[];
  kind?: string;
  targetId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const day = (date: Dayjs | null | undefined) => (date ? date.format('YYYY-MM-DD') : undefined);

/**
 * The API's filters from the address's: days (business time zone) as instants, the target's kind
 * and identifier as `kind:id`.
 */
function apiFilters(filters: Query): Query {
  const range = rangeOf(filters);
  const kind = textOf(filters, 'kind');
  const id = textOf(filters, 'targetId');
  return {
    operatorId: textOf(filters, 'operatorId'),
    action: textOf(filters, 'action'),
    target: kind ? (id ? `${kind}:${id}` : kind) : undefined,
    from: range ? startOfBusinessDay(range[0]) : undefined,
    to: range ? endOfBusinessDay(range[1]) : undefined,
  };
}

/** Where the console shows a target (its page, with its drawer or dialog open), when it has one. */
function targetLink(kind: string, id: string | null, label: string | null): string | null {
  if (!id) return null;
  const edit = (path: string, tab: string) => `/${path}?tab=${tab}&edit=${encodeURIComponent(id)}`;
  switch (kind) {
    case 'order':
      return `/orders?open=${encodeURIComponent(id)}`;
    case 'user':
      return `/users/${encodeURIComponent(id)}`;
    case 'video':
      return `/videos?open=${encodeURIComponent(id)}`;
    case 'operator':
      // The operators list found by the operator's e-mail.
      return label ? `/operators?email=${encodeURIComponent(label)}` : '/operators';
    case 'transcode_job':
      return '/media-upload';
    case 'plan':
      return edit('money', 'plans');
    case 'channel':
      return edit('money', 'channels');
    case 'ticket_template':
      return edit('money', 'tickets');
    case 'category':
    case 'actor':
    case 'studio':
    case 'creator':
    case 'keyword':
      return edit('catalogue', kind === 'category' ? 'categories' : `${kind}s`);
    case 'appeal':
      return `/appeals?open=${encodeURIComponent(id)}`;
    case 'report':
      return '/reports';
    default:
      return null;
  }
}

/**
 * A recorded value as a person reads it: times in the business time zone, yes/no, an action's key
 * (a recorded filter) in words, lists joined, other objects as text.
 */
function readable(
  value: unknown,
  t: (key: 'yes' | 'no' | `role_${OperatorRole}`) => string,
  locale: Locale,
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value))
    return t(`role_${value as OperatorRole}`);
  if (typeof value === 'boolean') return t(value ? 'yes' : 'no');
  if (Array.isArray(value)) return value.map((item) => readable(item, t, locale)).join('、');
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && dayjs(value).isValid())
    return formatDateTime(value);
  if (typeof value === 'string' && value in AUDIT_ACTION_WORDS) return auditActionWords(value, locale);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** An entry as the page reads it, also from a server that does not yet split the target or list changes. */
function withWords(entry: AuditEntry): AuditEntry {
  const [kind = '', ...rest] = entry.target.split(':');
  return {
    ...entry,
    targetKind: entry.targetKind ?? kind,
    targetId: entry.targetId === undefined ? rest.join(':') || null : entry.targetId,
    targetLabel: entry.targetLabel ?? null,
    clientAddress: entry.clientAddress ?? null,
    changes: entry.changes ?? changesOf(entry.before, entry.after),
  };
}

/** Top-level fields that differ between two recorded objects (what the server lists as `changes`). */
function changesOf(before: unknown, after: unknown): AuditEntry['changes'] {
  const object = (value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const was = object(before);
  const now = object(after);
  const fields = [...new Set([...Object.keys(now), ...Object.keys(was)])];
  return fields
    .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]))
    .map((field) => ({ field, before: was[field], after: now[field] }));
}

/** The audit log (owner only) in words: who did what to which, when, from where, and what changed. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const list = useConsoleList<AuditEntry>('/audit', { sort: 'at', order: 'desc' }, apiFilters);
  const entries = list.data.items.map(withWords);
  const [open, setOpen] = useOpen();
  const shown = entries.find((entry) => String(entry.id) === open) ?? null;
  const [operators, setOperators] = useState<Operator[]>([]);
  const words = (table: Record<string, Words>, key: string) => table[key]?.[locale] ?? key;

  useEffect(() => {
    consoleApi
      .get<ConsoleList<Operator>>('/operators', { pageSize: 100, sort: 'email', order: 'asc' })
      .then((reply) => setOperators(reply.items))
      .catch(() => setOperators([]));
  }, []);

  /** The target as its noun and name (`订单 1795…ca0`), linked to where the console shows it. */
  const target = (entry: AuditEntry) => {
    const noun = words(AUDIT_TARGET_KINDS, entry.targetKind);
    const name = entry.targetLabel ?? (entry.targetId ? `#${entry.targetId}` : '');
    const link = targetLink(entry.targetKind, entry.targetId, entry.targetLabel);
    const text = `${noun} ${name}`.trim();
    return link ? <Link to={link}>{text}</Link> : text;
  };

  const operatorName = (entry: AuditEntry) =>
    entry.operatorEmail ?? <Typography.Text type="secondary">{t('audit_system')}</Typography.Text>;

  const columns: ColumnsType<AuditEntry> = [
    { title: t('audit_at'), dataIndex: 'at', key: 'at', sorter: true, render: formatDateTime },
    { title: t('audit_operator'), key: 'operator', render: (_value, entry) => operatorName(entry) },
    {
      title: t('audit_what'),
      key: 'what',
      render: (_value, entry) => (
        <span>
          {auditActionWords(entry.action, locale)} {target(entry)}
        </span>
      ),
    },
    {
      title: t('audit_changes'),
      key: 'changes',
      render: (_value, entry) => (
        <Truncated
          width={280}
          text={
            entry.changes.length === 0
              ? '—'
              : entry.changes
                  .map(
                    (change) =>
                      `${words(AUDIT_FIELD_WORDS, change.field)}: ${readable(change.before, t, locale)} → ${readable(change.after, t, locale)}`,
                  )
                  .join('；')
          }
        />
      ),
    },
    {
      title: t('audit_client_address'),
      dataIndex: 'clientAddress',
      key: 'address',
      render: (address: string | null) => address ?? '—',
    },
    {
      title: t('audit_details'),
      key: 'details',
      render: (_value, entry) => (
        <Button size="small" onClick={() => setOpen(entry.id)}>
          {t('audit_view')}
        </Button>
      ),
    },
  ];

  const exportUrl = withQuery(`${API_BASE}/audit/export.csv`, {
    ...apiFilters(list.filters),
    order: list.state.order,
    locale,
  });

  return (
    <>
      <PageHeader
        title={t('audit_title')}
        extra={
          <Button icon={<DownloadOutlined />} href={exportUrl} download>
            {t('audit_export')}
          </Button>
        }
      />
      <FilterBar<Filters>
        list={list}
        toForm={(filters) => ({
          operatorId: textOf(filters, 'operatorId') ? Number(filters.operatorId) : undefined,
          action: textOf(filters, 'action')?.split(','),
          kind: textOf(filters, 'kind'),
          targetId: textOf(filters, 'targetId'),
          range: rangeOf(filters),
        })}
        toFilters={(values) => {
          const [from, to] = values.range ?? [];
          return {
            operatorId: values.operatorId,
            action: values.action?.join(','),
            kind: values.kind,
            targetId: values.kind ? values.targetId?.trim() : undefined,
            from: day(from),
            to: day(to ?? from),
          };
        }}
      >
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
          <Select
            mode="multiple"
            allowClear
            aria-label={t('audit_action')}
            placeholder={t('audit_action')}
            style={{ minWidth: 220, maxWidth: 420 }}
            maxTagCount="responsive"
            optionFilterProp="label"
            options={AUDIT_ACTIONS.map((action) => ({
              value: action,
              label: auditActionWords(action, locale),
            }))}
          />
        </Form.Item>
        <Form.Item name="kind">
          <Select
            allowClear
            aria-label={t('audit_target_kind')}
            placeholder={t('audit_target_kind')}
            style={{ width: 150 }}
            options={AUDIT_TARGET_KIND_LIST.map((kind) => ({
              value: kind,
              label: words(AUDIT_TARGET_KINDS, kind),
            }))}
          />
        </Form.Item>
        <Form.Item name="targetId">
          <Input
            allowClear
            aria-label={t('audit_target_id')}
            placeholder={t('audit_target_id')}
            style={{ width: 140 }}
            maxLength={120}
          />
        </Form.Item>
        <Form.Item name="range" extra={businessZone()}>
          <DatePicker.RangePicker aria-label={t('date_range')} />
        </Form.Item>
      </FilterBar>
      <ConsoleTable<AuditEntry>
        rowKey="id"
        columns={columns}
        {...list.tableProps}
        dataSource={entries}
        sortOrderOf={list.sortOrderOf}
      />
      <Drawer size={640} open={shown !== null} onClose={() => setOpen(null)} title={t('audit_details')}>
        {shown && (
          <>
            <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('audit_at')}>
                {formatDateTime(shown.at)} ({businessZone()})
              </Descriptions.Item>
              <Descriptions.Item label={t('audit_operator')}>{operatorName(shown)}</Descriptions.Item>
              <Descriptions.Item label={t('audit_client_address')}>
                {shown.clientAddress ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('audit_what')}>
                {auditActionWords(shown.action, locale)} {target(shown)}
              </Descriptions.Item>
            </Descriptions>
            <Table
              size="small"
              rowKey="field"
              pagination={false}
              dataSource={shown.changes}
              locale={{ emptyText: t('audit_no_changes') }}
              columns={[
                {
                  title: t('audit_field'),
                  dataIndex: 'field',
                  key: 'field',
                  // The readable name; the API's own field name stays on hover for those who need it.
                  render: (field: string) => <span title={field}>{words(AUDIT_FIELD_WORDS, field)}</span>,
                },
                {
                  title: t('audit_before'),
                  key: 'before',
                  render: (_value, change) => (
                    <Typography.Text delete>{readable(change.before, t, locale)}</Typography.Text>
                  ),
                },
                {
                  title: t('audit_after'),
                  key: 'after',
                  render: (_value, change) => (
                    <Typography.Text mark>{readable(change.after, t, locale)}</Typography.Text>
                  ),
                },
              ]}
            />
          </>
        )}
      </Drawer>
    </>
  );
}
