import { GiftOutlined, PlusOutlined } from '@ant-design/icons';
import {
  TICKET_GRANT_MAX,
  TicketTemplateInputSchema,
  type ConsoleTicketTemplate,
  type TicketTemplateInput,
} from '@app/contract/console/money';
import { App, Button, Col, Form, Input, InputNumber, Modal, Row, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/dates.ts';
import { schemaRule, showServerErrors } from '../../app/form.ts';
import { centsOf, moneyApi, yuan } from './money-api.ts';
import { useMoneyList, withFormFields } from './use-money-list.ts';

interface TemplateForm extends Omit<TicketTemplateInput, 'price_cents' | 'limit_price_cents'> {
  price: number;
  limit_price: number;
}

const NEW_TEMPLATE: TemplateForm = {
  name: '',
  name_tw: null,
  slogan: '',
  slogan_tw: null,
  price: 5,
  limit_price: 30,
  valid_days: 7,
};

const field = TicketTemplateInputSchema.shape;
const blankToNull = (text: string | null) => (text && text.trim() ? text.trim() : null);

function formOf(template: ConsoleTicketTemplate): TemplateForm {
  return {
    name: template.name,
    name_tw: template.name_tw,
    slogan: template.slogan,
    slogan_tw: template.slogan_tw,
    price: template.price_cents / 100,
    limit_price: template.limit_price_cents / 100,
    valid_days: template.valid_days,
  };
}

interface GrantForm {
  user_id: number;
  count: number;
}

/** Discount-ticket templates, and tickets of one given to an account. */
export function TicketsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useMoneyList(moneyApi.ticketTemplates);
  const [editing, setEditing] = useState<{ id: number | null; values: TemplateForm } | null>(null);
  // The request id is made when the grant form opens: sending the same form twice grants once.
  const [granting, setGranting] = useState<{ template: ConsoleTicketTemplate; requestId: string } | null>(
    null,
  );
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<TemplateForm>();
  const [grantForm] = Form.useForm<GrantForm>();

  const submit = async (values: TemplateForm) => {
    if (!editing) return;
    setSaving(true);
    try {
      await moneyApi.saveTicketTemplate(editing.id, {
        name: values.name,
        name_tw: blankToNull(values.name_tw),
        slogan: values.slogan,
        slogan_tw: blankToNull(values.slogan_tw),
        price_cents: centsOf(values.price),
        limit_price_cents: centsOf(values.limit_price),
        valid_days: values.valid_days,
      });
      message.success(t('saved'));
      setEditing(null);
      list.reload();
    } catch (error) {
      const rest = showServerErrors(
        form,
        withFormFields(error, { price_cents: 'price', limit_price_cents: 'limit_price' }),
      );
      if (rest) message.error(rest);
    } finally {
      setSaving(false);
    }
  };

  const grant = async (values: GrantForm) => {
    if (!granting) return;
    setSaving(true);
    try {
      const reply = await moneyApi.grantTickets({
        user_id: values.user_id,
        template_id: granting.template.id,
        count: values.count,
        request_id: granting.requestId,
      });
      const until = reply.tickets[0] ? formatDateTime(reply.tickets[0].expires_at) : '';
      message.success(t('money_granted', { count: reply.tickets.length, user: values.user_id, until }));
      setGranting(null);
      list.reload();
    } catch (error) {
      const rest = showServerErrors(grantForm, error);
      if (rest) message.error(rest);
    } finally {
      setSaving(false);
    }
  };

  const columns: ColumnsType<ConsoleTicketTemplate> = [
    { title: 'ID', dataIndex: 'id', key: 'id', width: 70 },
    { title: t('money_ticket_name'), dataIndex: 'name', key: 'name' },
    { title: t('money_slogan'), dataIndex: 'slogan', key: 'slogan', ellipsis: true },
    {
      title: t('money_ticket_price'),
      dataIndex: 'price_cents',
      key: 'price',
      width: 110,
      align: 'right',
      render: yuan,
    },
    {
      title: t('money_ticket_limit'),
      dataIndex: 'limit_price_cents',
      key: 'limit',
      width: 120,
      align: 'right',
      render: yuan,
    },
    { title: t('money_valid_days'), dataIndex: 'valid_days', key: 'valid_days', width: 100, align: 'right' },
    {
      title: t('money_granted_spent'),
      key: 'granted',
      width: 120,
      align: 'right',
      render: (_value, template) => `${template.granted} / ${template.spent}`,
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 170,
      render: (_value, template) => (
        <Space>
          <Button size="small" onClick={() => setEditing({ id: template.id, values: formOf(template) })}>
            {t('money_edit')}
          </Button>
          <Button
            size="small"
            icon={<GiftOutlined />}
            onClick={() => setGranting({ template, requestId: crypto.randomUUID() })}
          >
            {t('money_grant')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        style={{ marginBottom: 16 }}
        onClick={() => setEditing({ id: null, values: NEW_TEMPLATE })}
      >
        {t('money_new_ticket')}
      </Button>
      <Table<ConsoleTicketTemplate>
        rowKey="id"
        columns={columns}
        dataSource={list.items}
        loading={list.loading}
        pagination={false}
        size="middle"
      />
      <Modal
        open={editing !== null}
        title={editing?.id ? t('money_edit_ticket', { id: editing.id }) : t('money_new_ticket')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('save')}
        cancelText={t('cancel')}
        confirmLoading={saving}
        width={640}
        destroyOnHidden
      >
        {editing && (
          <Form<TemplateForm>
            form={form}
            layout="vertical"
            initialValues={editing.values}
            onFinish={submit}
            preserve={false}
          >
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="name" label={t('money_ticket_name')} rules={[schemaRule(field.name)]}>
                  <Input />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="name_tw" label={t('money_name_tw')} extra={t('money_tw_hint')}>
                  <Input />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="slogan" label={t('money_slogan')} rules={[schemaRule(field.slogan)]}>
                  <Input />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="slogan_tw" label={t('money_slogan_tw')}>
                  <Input />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="price"
                  label={t('money_ticket_price_yuan')}
                  rules={[{ required: true, message: t('required') }]}
                >
                  <InputNumber min={0.01} max={100000} precision={2} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="limit_price"
                  label={t('money_ticket_limit_yuan')}
                  extra={t('money_ticket_limit_hint')}
                  rules={[{ required: true, message: t('required') }]}
                >
                  <InputNumber min={0} max={100000} precision={2} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="valid_days"
                  label={t('money_valid_days')}
                  rules={[schemaRule(field.valid_days)]}
                >
                  <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
          </Form>
        )}
      </Modal>
      <Modal
        open={granting !== null}
        title={granting ? t('money_grant_title', { name: granting.template.name }) : ''}
        onCancel={() => setGranting(null)}
        onOk={() => grantForm.submit()}
        okText={t('money_grant')}
        cancelText={t('cancel')}
        confirmLoading={saving}
        destroyOnHidden
      >
        {granting && (
          <Form<GrantForm>
            form={grantForm}
            layout="vertical"
            initialValues={{ count: 1 }}
            onFinish={grant}
            preserve={false}
          >
            <Form.Item
              name="user_id"
              label={t('money_user_id')}
              rules={[{ required: true, message: t('required') }]}
            >
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="count" label={t('money_grant_count')}>
              <InputNumber min={1} max={TICKET_GRANT_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}
