import {
  ImagePathSchema,
  SETTINGS_IMAGE_FIELD,
  SETTINGS_IMAGE_MAX_BYTES,
} from '@app/contract/console/settings';
import { Button, Form, Input, Space, Upload, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, ConsoleError } from '../../app/api.ts';
import { useSettingsImage } from './settings-image.ts';
import { schemaRule } from '../../app/form.ts';
import { messageOf } from '../../app/i18n/index.ts';

function Thumb({ path }: { path: string | undefined }) {
  const { t } = useTranslation();
  const { url } = useSettingsImage(path);
  return url ? (
    <img className="settings-image__thumb" src={url} alt="" />
  ) : (
    <div className="settings-image__thumb" aria-label={t('settings_image_none')} />
  );
}

/**
 * An image field: upload a file (checked by its bytes on the server, stored encrypted) or name a
 * stored image path; the thumbnail is the image as the app will show it.
 */
export function ImageField({ name, label }: { name: (string | number)[]; label: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const path = Form.useWatch(name, form) as string | undefined;
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    if (file.size > SETTINGS_IMAGE_MAX_BYTES) {
      form.setFields([{ name, errors: [t('settings_image_too_big')] }]);
      return;
    }
    setUploading(true);
    try {
      const body = new FormData();
      body.append(SETTINGS_IMAGE_FIELD, file);
      const stored = await consoleApi.upload<{ path: string }>('/settings/images', body);
      form.setFields([{ name, value: stored.path, errors: [], touched: true }]);
      void message.success(t('settings_image_uploaded'));
    } catch (error) {
      const key = error instanceof ConsoleError ? (error.fields.image ?? error.error) : 'server_error';
      form.setFields([{ name, errors: [messageOf(key)] }]);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Form.Item label={label} extra={t('settings_image_help')}>
      <div className="settings-image">
        <Thumb path={path} />
        <Space direction="vertical" style={{ flex: 1 }}>
          <Form.Item name={name} noStyle rules={[schemaRule(ImagePathSchema)]}>
            <Input placeholder="/img/…" aria-label={label} allowClear />
          </Form.Item>
          <Upload
            accept="image/jpeg,image/png,image/webp"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button loading={uploading}>{t('settings_image_upload')}</Button>
          </Upload>
        </Space>
      </div>
    </Form.Item>
  );
}
