import {
  CATALOGUE_IMAGE_FIELD,
  CATALOGUE_IMAGE_MAX_BYTES,
  type CatalogueImageKind,
} from '@app/contract/console/catalogue';
import { PictureOutlined } from '@ant-design/icons';
import { Button, Flex, Upload, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, ConsoleError } from '../../app/api.ts';
import { messageOf } from '../../app/i18n/index.ts';
// Stored pictures are decrypted the way the app does it; the settings section already holds that hook.
import { useSettingsImage } from '../settings/settings-image.ts';
import './catalogue.css';

/** A stored (encrypted) picture decrypted for the console: a cover, a thumb, an avatar, a tile. */
export function CatalogueImage({
  path,
  width,
  height,
  round = false,
  alt = '',
}: {
  path: string | undefined;
  width: number;
  height: number;
  round?: boolean;
  alt?: string;
}) {
  const { url, failed } = useSettingsImage(path);
  const style = { width, height, borderRadius: round ? '50%' : 4 };
  return url ? (
    <img className="catalogue-image" src={url} alt={alt} style={style} />
  ) : (
    <span className="catalogue-image catalogue-image--empty" style={style} aria-hidden={!failed}>
      {failed && <PictureOutlined />}
    </span>
  );
}

/**
 * A picture field of a form (`value` is the stored path): the picture as the app shows it and an
 * upload button. The server judges the file by its bytes, re-encodes it to the kind's size and
 * stores it encrypted; the field then holds the new path.
 */
export function CatalogueImageField({
  value,
  onChange,
  kind,
  label,
}: {
  value?: string;
  onChange?: (path: string) => void;
  kind: CatalogueImageKind;
  label: string;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setError(null);
    if (file.size > CATALOGUE_IMAGE_MAX_BYTES) {
      setError(messageOf('console_image_too_big'));
      return;
    }
    setUploading(true);
    try {
      const body = new FormData();
      body.append(CATALOGUE_IMAGE_FIELD, file);
      const stored = await consoleApi.upload<{ path: string }>(`/catalogue/images/${kind}`, body);
      onChange?.(stored.path);
      void message.success(t('catalogue_image_uploaded'));
    } catch (reason) {
      setError(
        messageOf(reason instanceof ConsoleError ? (reason.fields.image ?? reason.error) : 'server_error'),
      );
    } finally {
      setUploading(false);
    }
  };

  const size = kind === 'avatar' ? { width: 96, height: 96 } : { width: 160, height: 96 };
  return (
    <Flex gap={16} align="center">
      <CatalogueImage path={value} {...size} round={kind === 'avatar'} alt={label} />
      <Flex vertical gap={4}>
        <Upload
          accept="image/jpeg,image/png,image/webp"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button loading={uploading} aria-label={`${label} · ${t('catalogue_upload_image')}`}>
            {t('catalogue_upload_image')}
          </Button>
        </Upload>
        <span className="catalogue-help">{t('catalogue_image_help')}</span>
        {error && (
          <span role="alert" className="catalogue-error">
            {error}
          </span>
        )}
      </Flex>
    </Flex>
  );
}
