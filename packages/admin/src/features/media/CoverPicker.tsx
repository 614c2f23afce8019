import {
  COVER_IMAGE_FIELD,
  COVER_IMAGE_MAX_BYTES,
  type CoverPair,
  type VideoCovers,
} from '@app/contract/console/media';
import { App, Button, Card, Flex, Modal, Tag, Typography, Upload } from 'antd';
import { CheckOutlined, UploadOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, ConsoleError } from '../../app/api.ts';
import { messageOf } from '../../app/i18n/index.ts';
// Covers are stored encrypted like settings images; the settings section already decrypts them.
import { useSettingsImage } from '../settings/settings-image.ts';

function Picture({
  path,
  width,
  height,
  label,
}: {
  path: string;
  width: number;
  height: number;
  label: string;
}) {
  const { url } = useSettingsImage(path);
  return url ? (
    <img
      src={url}
      alt={label}
      width={width}
      height={height}
      style={{ objectFit: 'cover', borderRadius: 4 }}
    />
  ) : (
    <div role="img" aria-label={label} style={{ width, height, background: '#f0f0f0', borderRadius: 4 }} />
  );
}

/** Choose the cover and thumb of a video among the candidates taken from it, or upload one's own picture. */
export function CoverPicker({
  videoId,
  title,
  open,
  onClose,
  onChanged,
}: {
  videoId: number;
  title: string;
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [covers, setCovers] = useState<VideoCovers>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    consoleApi.get<VideoCovers>(`/videos/${videoId}/covers`).then(setCovers, () => setCovers(undefined));
  }, [open, videoId]);

  const fail = (error: unknown) =>
    message.error(
      messageOf(error instanceof ConsoleError ? (error.fields.image ?? error.error) : 'server_error'),
    );

  const choose = async (index: number) => {
    setBusy(true);
    try {
      setCovers(await consoleApi.put<VideoCovers>(`/videos/${videoId}/cover`, { candidate: index }));
      message.success(t('media_cover_chosen'));
      onChanged();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: File) => {
    if (file.size > COVER_IMAGE_MAX_BYTES) return void message.error(t('cover_image_too_big'));
    setBusy(true);
    try {
      const form = new FormData();
      form.append(COVER_IMAGE_FIELD, file);
      setCovers(await consoleApi.upload<VideoCovers>(`/videos/${videoId}/cover-image`, form));
      message.success(t('media_cover_chosen'));
      onChanged();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const inUse = (pair: CoverPair) => covers?.cover === pair.cover;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={980}
      title={t('media_cover_title', { title })}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('media_cover_hint')}</Typography.Paragraph>
      <Flex wrap gap={12}>
        {covers?.candidates.map((pair, index) => {
          const label = t('media_cover_candidate', { n: index + 1 });
          return (
            <Card
              key={pair.cover}
              size="small"
              title={label}
              style={{ width: 300, borderColor: inUse(pair) ? '#1677ff' : undefined }}
              extra={inUse(pair) ? <Tag color="blue">{t('media_cover_current')}</Tag> : null}
            >
              <Flex gap={8} align="end">
                <Picture path={pair.cover} width={192} height={108} label={label} />
                <Picture path={pair.thumb} width={61} height={108} label={label} />
              </Flex>
              <Button
                block
                style={{ marginTop: 8 }}
                icon={inUse(pair) ? <CheckOutlined /> : undefined}
                disabled={busy || inUse(pair)}
                onClick={() => void choose(index)}
                aria-label={`${t('media_cover_use')} ${label}`}
              >
                {t('media_cover_use')}
              </Button>
            </Card>
          );
        })}
      </Flex>
      <Flex gap={12} align="center" style={{ marginTop: 16 }}>
        <Upload
          accept="image/jpeg,image/png,image/webp"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {t('media_cover_upload')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('media_cover_upload_help')}</Typography.Text>
      </Flex>
    </Modal>
  );
}
