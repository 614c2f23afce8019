import { MAIN_TAGS, SECOND_TAGS, TOP_PERIODS, VIDEO_ORDERS } from '@app/contract/constants';
import { MENU_KINDS, menuFilterSet } from '@app/contract/menu-filters';
import {
  FEED_MENU_NAME_MAX,
  MenuInputSchema,
  type ConsoleMenu,
  type MenuInput,
} from '@app/contract/console/feed';
import { Button, Form, Input, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../app/form.ts';
import { EditDialog } from '../../components/EditDialog.tsx';
import { OrderBar, RowButtons } from './FeedRowParts.tsx';
import { useInScript } from '../../app/i18n/catalogue-text.ts';
import { feedApi } from './feed-api.ts';
import { ordered, sameOrder, type FeedTabProps } from './FeedPage.tsx';
import { SortableList } from './SortableList.tsx';

type Translate = (key: string) => string;
const filterNames = (t: Translate, rows: string[]) => rows.map((row) => t(`feed_filter_${row}`));

/** The menu tabs of a home (after 推荐): name, what the list holds, the filter sheet; by drag. */
export function MenusTab({ type, saved, draft, setDraft, reload }: FeedTabProps) {
  const { t } = useTranslation();
  const inScript = useInScript();
  const [editing, setEditing] = useState<ConsoleMenu | 'new' | null>(null);

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space>
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('feed_add_menu')}
        </Button>
      </Space>
      <OrderBar
        changed={!sameOrder(draft.menus, saved.menus)}
        undo={() => setDraft((current) => ({ ...current, menus: saved.menus }))}
        save={async () => {
          await feedApi.orderMenus(
            type,
            draft.menus.map((menu) => menu.id),
          );
          await reload();
        }}
      />
      <SortableList
        items={draft.menus}
        nameOf={(menu) => inScript(menu.name, menu.nameTw)}
        onMove={(ids) => setDraft((current) => ({ ...current, menus: ordered(current.menus, ids) }))}
        render={(menu) => (
          <>
            <Tag>{t(`feed_kind_${menu.kind}`)}</Tag>
            <div className="feed-row__text">
              <strong>{inScript(menu.name, menu.nameTw)}</strong>
              <div style={{ color: '#888', fontSize: 12 }}>
                {t('feed_menu_filters')}：{filterNames(t as Translate, menu.filters).join('、')}
              </div>
            </div>
            <RowButtons
              name={menu.name}
              onEdit={() => setEditing(menu)}
              onDelete={async () => {
                await feedApi.deleteMenu(menu.id);
                await reload();
              }}
            />
          </>
        )}
      />
      {editing && (
        <MenuEditor
          type={type}
          menu={editing === 'new' ? null : editing}
          onClose={async (changedMenu) => {
            setEditing(null);
            if (changedMenu) await reload();
          }}
        />
      )}
    </Space>
  );
}

function MenuEditor({
  type,
  menu,
  onClose,
}: {
  type: FeedTabProps['type'];
  menu: ConsoleMenu | null;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MenuInput>();
  const kind = Form.useWatch('kind', form) ?? menu?.kind ?? 'default';
  const any = { value: '', label: t('feed_any') };
  const submit = async (values: MenuInput) => {
    const input: MenuInput = {
      type,
      name: values.name,
      nameTw: values.nameTw ?? '',
      kind: values.kind,
      ...(values.tag ? { tag: values.tag } : {}),
      ...(values.mainTag ? { mainTag: values.mainTag } : {}),
      ...(values.secondTag ? { secondTag: values.secondTag } : {}),
      ...(values.order ? { order: values.order } : {}),
      ...(values.top ? { top: values.top } : {}),
    };
    if (menu) await feedApi.updateMenu(menu.id, input);
    else await feedApi.createMenu(input);
  };
  return (
    <EditDialog<MenuInput>
      form={form}
      title={menu ? t('feed_edit_menu') : t('feed_add_menu')}
      width={520}
      onSave={submit}
      onClose={onClose}
      savedText={() => t('feed_saved')}
      initialValues={
        {
          name: menu?.name ?? '',
          nameTw: menu?.nameTw ?? '',
          kind: menu?.kind ?? 'default',
          tag: menu?.tag ?? '',
          mainTag: menu?.mainTag ?? '',
          secondTag: menu?.secondTag ?? '',
          order: menu?.order ?? '',
          top: menu?.top ?? '',
        } as MenuInput
      }
    >
      <Form.Item name="name" label={t('feed_menu_name')} rules={[schemaRule(MenuInputSchema.shape.name)]}>
        <Input maxLength={FEED_MENU_NAME_MAX} />
      </Form.Item>
      <Form.Item name="nameTw" label={t('feed_menu_name_tw')} extra={t('feed_tw_help')}>
        <Input maxLength={FEED_MENU_NAME_MAX} />
      </Form.Item>
      <Form.Item
        name="kind"
        label={t('feed_menu_kind')}
        extra={`${t('feed_menu_filters')}：${filterNames(t as Translate, menuFilterSet(type, kind)).join('、')}`}
      >
        <Select
          aria-label={t('feed_menu_kind')}
          options={MENU_KINDS.map((value) => ({ value, label: t(`feed_kind_${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="tag" label={t('feed_menu_tag')}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="mainTag" label={t('feed_menu_main_tag')}>
        <Select options={[any, ...MAIN_TAGS.map((value) => ({ value, label: t(`feed_main_${value}`) }))]} />
      </Form.Item>
      <Form.Item name="secondTag" label={t('feed_menu_second_tag')}>
        <Select
          options={[any, ...SECOND_TAGS.map((value) => ({ value, label: t(`feed_second_${value}`) }))]}
        />
      </Form.Item>
      <Form.Item name="order" label={t('feed_menu_order')}>
        <Select
          options={[any, ...VIDEO_ORDERS.map((value) => ({ value, label: t(`feed_order_${value}`) }))]}
        />
      </Form.Item>
      <Form.Item name="top" label={t('feed_menu_top')}>
        <Select options={[any, ...TOP_PERIODS.map((value) => ({ value, label: t(`feed_top_${value}`) }))]} />
      </Form.Item>
    </EditDialog>
  );
}
