import { Button, Input, List, Popup } from 'antd-mobile';
import { useCloseOnBack } from '../back-closes.ts';
import { showConfirm } from './notices.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from '../launch-code.ts';
import { rankedLines } from '../lines/line-book.ts';
import { clearAllSettings, readSetting, writeSetting } from '../settings.ts';

/** The dialog itself: loaded only when the 10th tap opens it (trigger in HiddenConfigTrigger). */
export default function HiddenConfigPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  useCloseOnBack(open, onClose);
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      position="bottom"
      bodyStyle={{ maxHeight: '80vh', overflow: 'auto' }}
    >
      {open && <HiddenConfig onClose={onClose} />}
    </Popup>
  );
}

function HiddenConfig({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [manual, setManual] = useState(readSetting('manualApiLine') ?? '');
  const kinds = [
    { title: t('config_api_lines'), lines: rankedLines('api') },
    { title: t('config_image_lines'), lines: rankedLines('img') },
    { title: t('config_stream_lines'), lines: rankedLines('stream') },
  ];
  return (
    <div className="hidden-config" data-testid="hidden-config">
      {kinds.map((kind) => (
        <List key={kind.title} header={kind.title}>
          {kind.lines.map((line, index) => (
            <List.Item key={line.url} extra={index === 0 ? t('config_in_use') : undefined}>
              {line.url}
            </List.Item>
          ))}
        </List>
      ))}
      <List header={t('config_manual_line')}>
        <List.Item>
          <Input value={manual} onChange={setManual} placeholder="https://" clearable />
        </List.Item>
      </List>
      <List>
        <List.Item extra={location.host}>{t('config_host')}</List.Item>
        <List.Item extra={readSetting('launchCode') ?? '—'}>{t('config_fast_code')}</List.Item>
        <List.Item extra={__APP_VERSION__}>{t('config_version')}</List.Item>
      </List>
      <div className="hidden-config__actions">
        <Button
          block
          shape="rounded"
          onClick={() => {
            writeSetting('manualApiLine', manual.trim() || null);
            onClose();
            location.reload();
          }}
        >
          {t('config_save_line')}
        </Button>
        <Button
          block
          color="danger"
          shape="rounded"
          onClick={async () => {
            if (
              await showConfirm({
                content: t('config_logout_confirm'),
                confirmText: t('confirm'),
                cancelText: t('cancel'),
              })
            ) {
              await signOut();
              clearAllSettings();
              location.reload();
            }
          }}
        >
          {t('config_logout')}
        </Button>
      </div>
    </div>
  );
}
