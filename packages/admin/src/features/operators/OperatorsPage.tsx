import { PlusOutlined } from '@ant-design/icons';
import {
  CreateOperatorBodySchema,
  type Operator,
  OPERATOR_ROLES,
  type OperatorRole,
} from '@app/contract/console/operators';
import { App, Alert, Button, Dropdown, Form, Input, Modal, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, ConsoleError } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { schemaRule, showServerErrors } from '../../app/form.ts';
import { messageOf } from '../../app/i18n/index.ts';
import { useOperator } from '../../app/session.tsx';
import { useConsoleList } from '../../app/use-list.ts';
import { ConsoleTable } from '../../components/ConsoleTable.tsx';
import { ListError, textOf } from '../../components/FilterBar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

/** Operators (owner only): list, create, change role, disable, reset password, reset TOTP. */
export function OperatorsPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const me = useOperator();
  // Newest first: an operator just made is on top of the list.
  const list = useConsoleList<Operator>('/operators', { sort: 'id', order: 'desc' });
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<Operator | null>(null);
  const roleOptions = OPERATOR_ROLES.map((role) => ({ value: role, label: t(`role_${role}`) }));

  const change = async (operator: Operator, body: { role?: OperatorRole; disabled?: boolean }) => {
    try {
      await consoleApi.patch(`/operators/${operator.id}`, body);
      message.success(t('saved'));
      list.reload();
    } catch (error) {
      message.error(messageOf(error instanceof ConsoleError ? error.error : 'server_error'));
    }
  };

  const resetTotp = (operator: Operator) =>
    modal.confirm({
      title: t('operator_reset_totp'),
      content: t('operator_reset_totp_confirm', { email: operator.email }),
      onOk: async () => {
        try {
          await consoleApi.delete(`/operators/${operator.id}/totp`);
          message.success(t('saved'));
          list.reload();
        } catch (error) {
          message.error(messageOf(error instanceof ConsoleError ? error.error : 'server_error'));
        }
      },
    });

  const columns: ColumnsType<Operator> = [
    { title: 'ID', dataIndex: 'id', key: 'id', width: 80, sorter: true },
    {
      title: t('email'),
      dataIndex: 'email',
      key: 'email',
      sorter: true,
      render: (email: string, row) => (
        <span>
          {email}
          {row.id === me.id && <span style={{ color: '#999' }}>{t('operator_you')}</span>}
        </span>
      ),
    },
    {
      title: t('role'),
      dataIndex: 'role',
      key: 'role',
      sorter: true,
      width: 140,
      render: (role: OperatorRole, row) =>
        row.id === me.id ? (
          <Tag color="magenta">{t(`role_${role}`)}</Tag>
        ) : (
          <Select<OperatorRole>
            aria-label={t('operator_change_role')}
            size="small"
            value={role}
            options={roleOptions}
            style={{ width: 110 }}
            onChange={(next) =>
              modal.confirm({
                title: t('operator_change_role'),
                content: t('operator_role_confirm', {
                  email: row.email,
                  from: t(`role_${role}`),
                  to: t(`role_${next}`),
                }),
                okText: t('confirm'),
                cancelText: t('cancel'),
                onOk: () => change(row, { role: next }),
              })
            }
          />
        ),
    },
    {
      title: t('operator_status'),
      dataIndex: 'disabled',
      key: 'disabled',
      width: 100,
      render: (disabled: boolean) =>
        disabled ? (
          <Tag color="default">{t('operator_disabled_tag')}</Tag>
        ) : (
          <Tag color="green">{t('operator_active')}</Tag>
        ),
    },
    {
      title: t('operator_totp'),
      dataIndex: 'totp',
      key: 'totp',
      width: 110,
      render: (totp: boolean) =>
        totp ? <Tag color="blue">{t('operator_totp_on')}</Tag> : <Tag>{t('operator_totp_off')}</Tag>,
    },
    {
      title: t('operator_last_sign_in'),
      dataIndex: 'lastSignInAt',
      key: 'lastSignInAt',
      sorter: true,
      width: 180,
      render: (at: string | null) =>
        at ? formatDateTime(at) : <span style={{ color: '#999' }}>{t('operator_never')}</span>,
    },
    {
      title: t('created_at'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      width: 180,
      render: formatDateTime,
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 120,
      render: (_value, row) =>
        row.id === me.id ? null : (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'password', label: t('operator_reset_password') },
                { key: 'totp', label: t('operator_reset_totp'), disabled: !row.totp },
                row.disabled
                  ? { key: 'enable', label: t('operator_enable') }
                  : { key: 'disable', label: t('operator_disable'), danger: true },
              ],
              onClick: ({ key }) => {
                if (key === 'password') setResetting(row);
                if (key === 'totp') resetTotp(row);
                if (key === 'enable') void change(row, { disabled: false });
                if (key === 'disable')
                  modal.confirm({
                    title: t('operator_disable'),
                    content: t('operator_disable_confirm', { email: row.email }),
                    okButtonProps: { danger: true },
                    onOk: () => change(row, { disabled: true }),
                  });
              },
            }}
          >
            <Button size="small">{t('actions')}</Button>
          </Dropdown>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('operators_title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('operator_new')}
          </Button>
        }
      />
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('operator_filter_email')}
          aria-label={t('operator_filter_email')}
          style={{ width: 260 }}
          defaultValue={textOf(list.filters, 'email')}
          onSearch={(email) => list.setFilters({ ...list.filters, email })}
        />
        <Select<OperatorRole | ''>
          aria-label={t('role')}
          style={{ width: 140 }}
          value={(textOf(list.filters, 'role') ?? '') as OperatorRole | ''}
          options={[{ value: '', label: t('all') }, ...roleOptions]}
          onChange={(role) => list.setFilters({ ...list.filters, role })}
        />
      </Space>
      <ListError error={list.error} />
      <ConsoleTable<Operator>
        rowKey="id"
        columns={columns}
        {...list.tableProps}
        sortOrderOf={list.sortOrderOf}
      />
      <CreateOperatorModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(operator) => {
          setCreating(false);
          message.success(t('operator_created', { email: operator.email }));
          list.reload();
        }}
      />
      <ResetPasswordModal operator={resetting} onClose={() => setResetting(null)} />
    </>
  );
}

function CreateOperatorModal(props: {
  open: boolean;
  onClose: () => void;
  onCreated: (operator: Operator) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string; role: OperatorRole; password: string }>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    setProblem(null);
    try {
      const operator = await consoleApi.post<Operator>('/operators', values);
      form.resetFields();
      props.onCreated(operator);
    } catch (error) {
      setProblem(showServerErrors(form, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={t('operator_new')}
      open={props.open}
      onCancel={props.onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('save')}
      confirmLoading={busy}
      destroyOnHidden
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" initialValues={{ role: 'editor' }} preserve={false}>
        <Form.Item
          name="email"
          label={t('email')}
          rules={[
            { required: true, message: t('required') },
            schemaRule(CreateOperatorBodySchema.shape.email),
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label={t('role')} rules={[{ required: true, message: t('required') }]}>
          <Select options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(`role_${role}`) }))} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('password')}
          extra={t('password_rule')}
          rules={[
            { required: true, message: t('required') },
            schemaRule(CreateOperatorBodySchema.shape.password),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ResetPasswordModal({ operator, onClose }: { operator: Operator | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    setProblem(null);
    try {
      await consoleApi.put(`/operators/${operator!.id}/password`, values);
      message.success(t('saved'));
      onClose();
    } catch (error) {
      setProblem(showServerErrors(form, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={operator ? t('operator_reset_password_title', { email: operator.email }) : ''}
      open={operator !== null}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('save')}
      confirmLoading={busy}
      destroyOnHidden
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="password"
          label={t('new_password')}
          extra={t('password_rule')}
          rules={[
            { required: true, message: t('required') },
            schemaRule(CreateOperatorBodySchema.shape.password),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
