import { PlanInputSchema, type ConsolePlan, type PlanInput } from '@app/contract/console/money';
import { PROMOTION_LEVELS } from '@app/contract/constants';
import { App, InputNumber, Select, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudTable, enabledColumn, useShortList } from '../../components/CrudTable.tsx';
import type { FieldSpec } from '../../components/EditDialog.tsx';
import { centsOf, moneyApi, yuan } from './money-api.ts';

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

const number = (min: number, max: number, precision = 0) => (
  <InputNumber min={min} max={max} precision={precision} style={{ width: '100%' }} />
);

/** Plans: price, days, bonus, on/off and order; the app's payment page reads them on every visit. */
export function PlansTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useShortList(moneyApi.plans);

  const columns: ColumnsType<ConsolePlan> = [
    { title: 'ID', dataIndex: 'id', key: 'id' },
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
      render: (level: string | null) =>
        level ? <Tag color="gold">{t('money_level', { level })}</Tag> : t('money_regular'),
    },
    { title: t('money_price'), dataIndex: 'price_cents', key: 'price', align: 'right', render: yuan },
    {
      title: t('money_original_price'),
      dataIndex: 'original_price_cents',
      key: 'original',
      align: 'right',
      render: yuan,
    },
    { title: t('money_days'), dataIndex: 'days', key: 'days', align: 'right' },
    { title: t('money_bonus_days'), dataIndex: 'bonus_days', key: 'bonus', align: 'right' },
    { title: t('money_sort'), dataIndex: 'sort', key: 'sort', align: 'right' },
    enabledColumn<ConsolePlan>(
      t('money_enabled'),
      (plan) => plan.name,
      (plan, enabled) => moneyApi.savePlan(plan.id, inputOf({ ...formOf(plan), enabled })),
      list.reload,
      t,
      message,
    ),
  ];

  const fields: FieldSpec[] = [
    { name: 'name', label: 'money_plan_name', span: 12 },
    { name: 'name_tw', label: 'money_name_tw', extra: 'money_tw_hint', span: 12 },
    { name: 'price', label: 'money_price_yuan', span: 6, required: true, input: number(0.01, 100000, 2) },
    {
      name: 'original_price',
      label: 'money_original_price_yuan',
      span: 6,
      required: true,
      input: number(0, 100000, 2),
    },
    { name: 'days', label: 'money_days', span: 6, input: number(1, 3650) },
    { name: 'bonus_days', label: 'money_bonus_days', span: 6, input: number(0, 3650) },
    {
      name: 'sale_level',
      label: 'money_sale_level',
      extra: 'money_sale_level_hint',
      span: 8,
      // '' in the form is "no sale level" (null on the wire).
      schema: false,
      input: (
        <Select
          options={[
            { value: '', label: t('money_regular') },
            ...PROMOTION_LEVELS.map((level) => ({ value: level, label: t('money_level', { level }) })),
          ]}
        />
      ),
    },
    { name: 'sort', label: 'money_sort', extra: 'money_sort_hint', span: 8, input: number(0, 9999) },
    { name: 'enabled', label: 'money_enabled', span: 8, valuePropName: 'checked', input: <Switch /> },
    { name: 'slogan', label: 'money_slogan', span: 12 },
    { name: 'slogan_tw', label: 'money_slogan_tw', span: 12 },
    { name: 'tag', label: 'money_tag', span: 6 },
    { name: 'tag_tw', label: 'money_tag_tw', span: 6 },
    { name: 'tag_color', label: 'money_tag_color', span: 6 },
    { name: 'color', label: 'money_color', span: 6 },
    { name: 'cash_title', label: 'money_cash_title' },
  ];

  return (
    <CrudTable<ConsolePlan, PlanForm>
      list={list}
      columns={columns}
      rowName={(plan) => plan.name}
      newLabel="money_new_plan"
      form={{
        fields,
        schema: PlanInputSchema,
        empty: NEW_PLAN,
        toForm: formOf,
        save: (plan, values) => moneyApi.savePlan(plan?.id ?? null, inputOf(values)),
        width: 720,
        fieldNames: { price_cents: 'price', original_price_cents: 'original_price' },
      }}
    />
  );
}
