import { PlusOutlined } from '@ant-design/icons';
import { PlanInputSchema, type ConsolePlan, type PlanInput } from '@app/contract/console/money';
import { PROMOTION_LEVELS } from '@app/contract/constants';
import { App, Button, Col, Form, Input, InputNumber, Modal, Row, Select, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleError } from '../../app/api.ts';
import { schemaRule, showServerErrors } from '../../app/form.ts';
import { messageOf } from '../../app/i18n/index.ts';
import { centsOf, moneyApi, yuan } from './money-api.ts';
import { useMoneyList, withFormFields } from './use-money-list.ts';

/** The form's shape: yuan where the wire has cents, and no sale level as an empty choice. */
interface PlanForm extends Omit<PlanInput, 'price_cents' | 'original_price_cents' | 'sale_level'> {
  price: number;
  original_price: number;
  sale_level: string;
}

const NEW_PLAN: PlanForm = {
  name: '',
  name_tw: null,
  price: 30,
  original_price: 45,
  days: 30,
  bonus_days: 0,
  sale_level: '',
  enabled: true,
  sort: 0,
  slogan: '',
  slogan_tw: null,
  tag: '',
  tag_tw: null,
  tag_color: '#ff4d6d',
  color: '#2a1f3d',
  cash_title: '',
};

function formOf(plan: ConsolePlan): PlanForm {
  const { price_cents, original_price_cents, sale_level, ...rest } = plan;
  return {
    ...rest,
    price: price_cents / 100,
    original_price: original_price_cents / 100,
    sale_level: sale_level ?? '',
  };
}

function inputOf(values: PlanForm): PlanInput {
  const { price, original_price, sale_level, ...rest } = values;
  const blankToNull = (text: string | null) => (text && text.trim() ? text.trim() : null);
  return {
    ...rest,
    name_tw: blankToNull(rest.name_tw),
    slogan_tw: blankToNull(rest.slogan_tw),
    tag_tw: blankToNull(rest.tag_tw),
    price_cents: centsOf(price),
    original_price_cents: centsOf(original_price),
    sale_level: sale_level === '' ? null : (sale_level as PlanInput['sale_level']),
  };
}

const field = PlanInputSchema.shape;

/** Plans: price, days, bonus, on/off and order; the app's payment page reads them on every visit. */
export function PlansTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useMoneyList(moneyApi.plans);
  const [editing, setEditing] = useState<{ id: number | null; values: PlanForm } | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<PlanForm>();

  const save = async (id: number | null, input: PlanInput) => {
    await moneyApi.savePlan(id, input);
    message.success(t('saved'));
    list.reload();
  };

  const toggle = async (plan: ConsolePlan, enabled: boolean) => {
    try {
      await save(plan.id, inputOf({ ...formOf(plan), enabled }));
    } catch (error) {
      message.error(messageOf(error instanceof ConsoleError ? error.error : 'server_error'));
    }
  };

  const submit = async (values: PlanForm) => {
    if (!editing) return;
    setSaving(true);
    try {
      await save(editing.id, inputOf(values));
      setEditing(null);
    } catch (error) {
      const rest = showServerErrors(
        form,
        withFormFields(error, { price_cents: 'price', original_price_cents: 'original_price' }),
      );
      if (rest) message.error(rest);
    } finally {
      setSaving(false);
    }
  };

  const columns: ColumnsType<ConsolePlan> = [
    { title: 'ID', dataIndex: 'id', key: 'id', width: 70 },
    {
      title: t('money_plan_name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string, plan) => (
        <span>
          {name}
          {plan.tag && (
            <Tag color={plan.tag_color} style={{ marginLeft: 8 }}>
              {plan.tag}
            </Tag>
          )}
        </span>
      ),
    },
    {
      title: t('money_sale_level'),
      dataIndex: 'sale_level',
      key: 'sale_level',
      width: 110,
      render: (level: string | null) =>
        level ? <Tag color="gold">{t('money_level', { level })}</Tag> : t('money_regular'),
    },
    {
      title: t('money_price'),
      dataIndex: 'price_cents',
      key: 'price',
      width: 110,
      align: 'right',
      render: yuan,
    },
    {
      title: t('money_original_price'),
      dataIndex: 'original_price_cents',
      key: 'original',
      width: 110,
      align: 'right',
      render: yuan,
    },
    { title: t('money_days'), dataIndex: 'days', key: 'days', width: 90, align: 'right' },
    { title: t('money_bonus_days'), dataIndex: 'bonus_days', key: 'bonus', width: 100, align: 'right' },
    { title: t('money_sort'), dataIndex: 'sort', key: 'sort', width: 80, align: 'right' },
    {
      title: t('money_enabled'),
      dataIndex: 'enabled',
      key: 'enabled',
      width: 90,
      render: (enabled: boolean, plan) => (
        <Switch
          checked={enabled}
          aria-label={t('money_enabled_of', { name: plan.name })}
          onChange={(checked) => void toggle(plan, checked)}
        />
      ),
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 90,
      render: (_value, plan) => (
        <Button size="small" onClick={() => setEditing({ id: plan.id, values: formOf(plan) })}>
          {t('money_edit')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        style={{ marginBottom: 16 }}
        onClick={() => setEditing({ id: null, values: NEW_PLAN })}
      >
        {t('money_new_plan')}
      </Button>
      <Table<ConsolePlan>
        rowKey="id"
        columns={columns}
        dataSource={list.items}
        loading={list.loading}
        pagination={false}
        size="middle"
      />
      <Modal
        open={editing !== null}
        title={editing?.id ? t('money_edit_plan', { id: editing.id }) : t('money_new_plan')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('save')}
        cancelText={t('cancel')}
        confirmLoading={saving}
        width={720}
        destroyOnHidden
      >
        {editing && (
          <Form<PlanForm>
            form={form}
            layout="vertical"
            initialValues={editing.values}
            onFinish={submit}
            preserve={false}
          >
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="name" label={t('money_plan_name')} rules={[schemaRule(field.name)]}>
                  <Input />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="name_tw" label={t('money_name_tw')} extra={t('money_tw_hint')}>
                  <Input />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item
                  name="price"
                  label={t('money_price_yuan')}
                  rules={[{ required: true, message: t('required') }]}
                >
                  <InputNumber min={0.01} max={100000} precision={2} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item
                  name="original_price"
                  label={t('money_original_price_yuan')}
                  rules={[{ required: true, message: t('required') }]}
                >
                  <InputNumber min={0} max={100000} precision={2} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name="days" label={t('money_days')} rules={[schemaRule(field.days)]}>
                  <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item
                  name="bonus_days"
                  label={t('money_bonus_days')}
                  rules={[schemaRule(field.bonus_days)]}
                >
                  <InputNumber min={0} max={3650} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="sale_level" label={t('money_sale_level')} extra={t('money_sale_level_hint')}>
                  <Select
                    options={[
                      { value: '', label: t('money_regular') },
                      ...PROMOTION_LEVELS.map((level) => ({
                        value: level,
                        label: t('money_level', { level }),
                      })),
                    ]}
                  />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="sort"
                  label={t('money_sort')}
                  extra={t('money_sort_hint')}
                  rules={[schemaRule(field.sort)]}
                >
                  <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="enabled" label={t('money_enabled')} valuePropName="checked">
                  <Switch />
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
              <Col span={6}>
                <Form.Item name="tag" label={t('money_tag')} rules={[schemaRule(field.tag)]}>
                  <Input />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name="tag_tw" label={t('money_tag_tw')}>
                  <Input />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item
                  name="tag_color"
                  label={t('money_tag_color')}
                  rules={[schemaRule(field.tag_color)]}
                >
                  <Input placeholder="#ff4d6d" />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name="color" label={t('money_color')} rules={[schemaRule(field.color)]}>
                  <Input placeholder="#2a1f3d" />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item
                  name="cash_title"
                  label={t('money_cash_title')}
                  rules={[schemaRule(field.cash_title)]}
                >
                  <Input />
                </Form.Item>
              </Col>
            </Row>
          </Form>
        )}
      </Modal>
    </>
  );
}
