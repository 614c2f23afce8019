import { PlusOutlined } from '@ant-design/icons';
import { ChannelInputSchema, type ChannelInput, type ConsoleChannel } from '@app/contract/console/money';
import { PAY_TYPES } from '@app/contract/shop';
import { App, Button, Col, Form, Input, InputNumber, Modal, Row, Select, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleError } from '../../app/api.ts';
import { schemaRule, showServerErrors } from '../../app/form.ts';
import { messageOf } from '../../app/i18n/index.ts';
import { moneyApi } from './money-api.ts';
import { useMoneyList } from './use-money-list.ts';

const NEW_CHANNEL: ChannelInput = {
  pay_type: 'alipay',
  name: '',
  name_tw: null,
  detail_name: '',
  detail_name_tw: null,
  enabled: true,
  sort: 0,
};

const field = ChannelInputSchema.shape;
const blankToNull = (text: string | null) => (text && text.trim() ? text.trim() : null);
const inputOf = ({ id: _id, ...channel }: ConsoleChannel): ChannelInput => channel;

/** Payment methods: the channels of each pay type the payment page offers, on/off and in order. */
export function ChannelsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useMoneyList(moneyApi.channels);
  const [editing, setEditing] = useState<{ id: number | null; values: ChannelInput } | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<ChannelInput>();

  const toggle = async (channel: ConsoleChannel, enabled: boolean) => {
    try {
      await moneyApi.saveChannel(channel.id, { ...inputOf(channel), enabled });
      message.success(t('saved'));
      list.reload();
    } catch (error) {
      message.error(messageOf(error instanceof ConsoleError ? error.error : 'server_error'));
    }
  };

  const submit = async (values: ChannelInput) => {
    if (!editing) return;
    setSaving(true);
    try {
      await moneyApi.saveChannel(editing.id, {
        ...values,
        name_tw: blankToNull(values.name_tw),
        detail_name_tw: blankToNull(values.detail_name_tw),
      });
      message.success(t('saved'));
      setEditing(null);
      list.reload();
    } catch (error) {
      const rest = showServerErrors(form, error);
      if (rest) message.error(rest);
    } finally {
      setSaving(false);
    }
  };

  const columns: ColumnsType<ConsoleChannel> = [
    { title: 'ID', dataIndex: 'id', key: 'id', width: 70 },
    {
      title: t('money_pay_type'),
      dataIndex: 'pay_type',
      key: 'pay_type',
      width: 120,
      render: (payType: string) => <Tag>{t(`money_pay_${payType}` as 'money_pay_alipay')}</Tag>,
    },
    { title: t('money_channel_name'), dataIndex: 'name', key: 'name' },
    { title: t('money_channel_detail'), dataIndex: 'detail_name', key: 'detail_name' },
    { title: t('money_sort'), dataIndex: 'sort', key: 'sort', width: 80, align: 'right' },
    {
      title: t('money_enabled'),
      dataIndex: 'enabled',
      key: 'enabled',
      width: 90,
      render: (enabled: boolean, channel) => (
        <Switch
          checked={enabled}
          aria-label={t('money_enabled_of', { name: `${channel.name} ${channel.detail_name}` })}
          onChange={(checked) => void toggle(channel, checked)}
        />
      ),
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 90,
      render: (_value, channel) => (
        <Button size="small" onClick={() => setEditing({ id: channel.id, values: inputOf(channel) })}>
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
        onClick={() => setEditing({ id: null, values: NEW_CHANNEL })}
      >
        {t('money_new_channel')}
      </Button>
      <Table<ConsoleChannel>
        rowKey="id"
        columns={columns}
        dataSource={list.items}
        loading={list.loading}
        pagination={false}
        size="middle"
      />
      <Modal
        open={editing !== null}
        title={editing?.id ? t('money_edit_channel', { id: editing.id }) : t('money_new_channel')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('save')}
        cancelText={t('cancel')}
        confirmLoading={saving}
        width={640}
        destroyOnHidden
      >
        {editing && (
          <Form<ChannelInput>
            form={form}
            layout="vertical"
            initialValues={editing.values}
            onFinish={submit}
            preserve={false}
          >
            <Row gutter={16}>
              <Col span={8}>
                <Form.Item name="pay_type" label={t('money_pay_type')}>
                  <Select
                    options={PAY_TYPES.map((payType) => ({
                      value: payType,
                      label: t(`money_pay_${payType}` as 'money_pay_alipay'),
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="sort" label={t('money_sort')} rules={[schemaRule(field.sort)]}>
                  <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="enabled" label={t('money_enabled')} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="name" label={t('money_channel_name')} rules={[schemaRule(field.name)]}>
                  <Input />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="name_tw" label={t('money_name_tw')} extra={t('money_tw_hint')}>
                  <Input />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="detail_name"
                  label={t('money_channel_detail')}
                  rules={[schemaRule(field.detail_name)]}
                >
                  <Input />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="detail_name_tw" label={t('money_channel_detail_tw')}>
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
