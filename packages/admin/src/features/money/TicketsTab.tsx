import { GiftOutlined } from '@ant-design/icons';
import {
  TICKET_GRANT_MAX,
  TicketTemplateInputSchema,
  type ConsoleTicketTemplate,
  type TicketTemplateInput,
} from '@app/contract/console/money';
import { Button, Form, InputNumber } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/dates.ts';
import { CrudTable, useShortList } from '../../components/CrudTable.tsx';
import { EditDialog, type FieldSpec } from '../../components/EditDialog.tsx';
import { centsOf, moneyApi, yuan } from './money-api.ts';

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

const yuanInput = (min: number) => (
  <InputNumber min={min} max={100000} precision={2} style={{ width: '100%' }} />
);

const FIELDS: FieldSpec[] = [
  { name: 'name', label: 'money_ticket_name', span: 12 },
  { name: 'name_tw', label: 'money_name_tw', extra: 'money_tw_hint', span: 12 },
  { name: 'slogan', label: 'money_slogan', span: 12 },
  { name: 'slogan_tw', label: 'money_slogan_tw', span: 12 },
  { name: 'price', label: 'money_ticket_price_yuan', span: 8, required: true, input: yuanInput(0.01) },
  {
    name: 'limit_price',
    label: 'money_ticket_limit_yuan',
    extra: 'money_ticket_limit_hint',
    span: 8,
    required: true,
    input: yuanInput(0),
  },
  {
    name: 'valid_days',
    label: 'money_valid_days',
    span: 8,
    input: <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />,
  },
];

/** Discount-ticket templates, and tickets of one given to an account. */
export function TicketsTab() {
  const { t } = useTranslation();
  const list = useShortList(moneyApi.ticketTemplates);
  // The request id is made when the grant form opens: sending the same form twice grants once.
  const [granting, setGranting] = useState<{ template: ConsoleTicketTemplate; requestId: string } | null>(
    null,
  );

  const columns: ColumnsType<ConsoleTicketTemplate> = [
    { title: 'ID', dataIndex: 'id', key: 'id' },
    { title: t('money_ticket_name'), dataIndex: 'name', key: 'name' },
    { title: t('money_slogan'), dataIndex: 'slogan', key: 'slogan', ellipsis: true },
    { title: t('money_ticket_price'), dataIndex: 'price_cents', key: 'price', align: 'right', render: yuan },
    {
      title: t('money_ticket_limit'),
      dataIndex: 'limit_price_cents',
      key: 'limit',
      align: 'right',
      render: yuan,
    },
    { title: t('money_valid_days'), dataIndex: 'valid_days', key: 'valid_days', align: 'right' },
    {
      title: t('money_granted_spent'),
      key: 'granted',
      align: 'right',
      render: (_value, template) => `${template.granted} / ${template.spent}`,
    },
  ];

  return (
    <>
      <CrudTable<ConsoleTicketTemplate, TemplateForm>
        list={list}
        columns={columns}
        rowName={(template) => template.name}
        newLabel="money_new_ticket"
        rowActions={(template) => (
          <Button
            size="small"
            icon={<GiftOutlined />}
            onClick={() => setGranting({ template, requestId: crypto.randomUUID() })}
          >
            {t('money_grant')}
          </Button>
        )}
        form={{
          fields: FIELDS,
          schema: TicketTemplateInputSchema,
          empty: NEW_TEMPLATE,
          toForm: formOf,
          fieldNames: { price_cents: 'price', limit_price_cents: 'limit_price' },
          save: (template, values) =>
            moneyApi.saveTicketTemplate(template?.id ?? null, {
              name: values.name,
              name_tw: blankToNull(values.name_tw),
              slogan: values.slogan,
              slogan_tw: blankToNull(values.slogan_tw),
              price_cents: centsOf(values.price),
              limit_price_cents: centsOf(values.limit_price),
              valid_days: values.valid_days,
            }),
        }}
      />
      {granting && (
        <EditDialog<GrantForm>
          title={t('money_grant_title', { name: granting.template.name })}
          okText={t('money_grant')}
          width={520}
          initialValues={{ count: 1 } as GrantForm}
          onSave={(values) =>
            moneyApi.grantTickets({
              user_id: values.user_id,
              template_id: granting.template.id,
              count: values.count,
              request_id: granting.requestId,
            })
          }
          savedText={(reply, values) => {
            const { tickets } = reply as { tickets: { expires_at: string }[] };
            const until = tickets[0] ? formatDateTime(tickets[0].expires_at) : '';
            return t('money_granted', { count: tickets.length, user: values.user_id, until });
          }}
          onClose={(saved) => {
            setGranting(null);
            if (saved) list.reload();
          }}
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
        </EditDialog>
      )}
    </>
  );
}
