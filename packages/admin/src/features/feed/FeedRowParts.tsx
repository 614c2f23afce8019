import { Alert, Button, Popconfirm, Space, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleError } from '../../app/api.ts';
import { messageOf } from '../../app/i18n/index.ts';

/** A refusal as a toast. */
export function failed(error: unknown) {
  void message.error(messageOf(error instanceof ConsoleError ? error.error : 'server_error'));
}

/** "The order changed": undo, or save it (then read the feed again). */
export function OrderBar({
  changed,
  undo,
  save,
}: {
  changed: boolean;
  undo: () => void;
  save: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  if (!changed) return null;
  return (
    <Alert
      type="warning"
      showIcon
      message={t('feed_order_changed')}
      action={
        <Space>
          <Button size="small" onClick={undo}>
            {t('feed_undo_order')}
          </Button>
          <Button
            size="small"
            type="primary"
            loading={saving}
            onClick={async () => {
              setSaving(true);
              try {
                await save();
                void message.success(t('feed_saved'));
              } catch (error) {
                failed(error);
              } finally {
                setSaving(false);
              }
            }}
          >
            {t('feed_save_order')}
          </Button>
        </Space>
      }
    />
  );
}

/** A feed row's edit and delete buttons (delete asks first, then the feed is read again). */
export function RowButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button size="small" onClick={onEdit}>
        {t('feed_edit')}
      </Button>
      <Popconfirm
        title={t('feed_delete_confirm', { name })}
        onConfirm={async () => {
          try {
            await onDelete();
            void message.success(t('feed_saved'));
          } catch (error) {
            failed(error);
          }
        }}
      >
        <Button size="small" danger>
          {t('feed_delete')}
        </Button>
      </Popconfirm>
    </>
  );
}
