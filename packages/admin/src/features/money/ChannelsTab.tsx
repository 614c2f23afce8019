import { ChannelInputSchema, type ChannelInput, type ConsoleChannel } from '@app/contract/console/money';
import { PAY_TYPES } from '@app/contract/shop';
import { App, InputNumber, Select, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudTable, enabledColumn, useShortList } from '../../components/CrudTable.tsx';
import type { FieldSpec } from '../../components/EditDialog.tsx';
import { moneyApi } from './money-api.ts';

const NEW_CHANNEL: ChannelInput = {
  pay_type: 'alipay',
  name: '',
  name_tw: null,
  detail_name: '',
  detail_name_tw: null,
  enabled: true,
  sort: 0,
};

const blankToNull = (text: string | null) => (text && text.trim() ? text.trim() : null);
const inputOf = ({ id: _id, ...channel }: ConsoleChannel): ChannelInput => channel;

/** Payment methods: the channels of each pay type the payment page offers, on/off and in order. */
export function ChannelsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useShortList(moneyApi.channels);
  const payTypeName = (payType: string) => t(`money_pay_${payType}` as 'money_pay_alipay');

  const columns: ColumnsType<ConsoleChannel> = [
    { title: 'ID', dataIndex: 'id', key: 'id' },
    {
      title: t('money_pay_type'),
      dataIndex: 'pay_type',
      key: 'pay_type',
      render: (payType: string) => <Tag>{payTypeName(payType)}</Tag>,
    },
    { title: t('money_channel_name'), dataIndex: 'name', key: 'name' },
    { title: t('money_channel_detail'), dataIndex: 'detail_name', key: 'detail_name' },
    { title: t('money_sort'), dataIndex: 'sort', key: 'sort', align: 'right' },
    enabledColumn<ConsoleChannel>(
      t('money_enabled'),
      (channel) => `${channel.name} ${channel.detail_name}`,
      (channel, enabled) => moneyApi.saveChannel(channel.id, { ...inputOf(channel), enabled }),
      list.reload,
      t,
      message,
    ),
  ];

  const fields: FieldSpec[] = [
    {
      name: 'pay_type',
      label: 'money_pay_type',
      span: 8,
      input: <Select options={PAY_TYPES.map((value) => ({ value, label: payTypeName(value) }))} />,
    },
    {
      name: 'sort',
      label: 'money_sort',
      span: 8,
      input: <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />,
    },
    { name: 'enabled', label: 'money_enabled', span: 8, valuePropName: 'checked', input: <Switch /> },
    { name: 'name', label: 'money_channel_name', span: 12 },
    { name: 'name_tw', label: 'money_name_tw', extra: 'money_tw_hint', span: 12 },
    { name: 'detail_name', label: 'money_channel_detail', span: 12 },
    { name: 'detail_name_tw', label: 'money_channel_detail_tw', span: 12 },
  ];

  return (
    <CrudTable<ConsoleChannel, ChannelInput>
      list={list}
      columns={columns}
      rowName={(channel) => `${channel.name} ${channel.detail_name}`}
      newLabel="money_new_channel"
      form={{
        fields,
        schema: ChannelInputSchema,
        empty: NEW_CHANNEL,
        toForm: inputOf,
        save: (channel, values) =>
          moneyApi.saveChannel(channel?.id ?? null, {
            ...values,
            name_tw: blankToNull(values.name_tw),
            detail_name_tw: blankToNull(values.detail_name_tw),
          }),
      }}
    />
  );
}
