import { HIDDEN_CONFIG_TAPS } from '@app/contract/constants';
import { Button, Dialog, Input, List, Popup } from 'antd-mobile';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { rankedLines } from '../lines/line-book.ts';
import { clearAllSettings, readSetting, writeSetting } from '../settings.ts';

/**
 * The hidden line-config dialog (spec part 1 §2): every 10th tap on its trigger opens it. It lists
 * the ranked lines, takes a manual dev line, shows host, fast code and version, and can log out.
 */
export function HiddenConfigTrigger({ children }: { children: ReactNode }) {
  const taps = useRef(0);
  const [open, setOpen] = useState(false);
  return (
    <>
      <span
        data-testid="hidden-config-trigger"
        onClick={() => {
          taps.current += 1;
          if (taps.current % HIDDEN_CONFIG_TAPS === 0) setOpen(true);
        }}
      >
        {children}
      </span>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        position="bottom"
        bodyStyle={{ maxHeight: '80vh', overflow: 'auto' }}
      >
        {open && <HiddenConfig onClose={() => setOpen(false)} />}
      </Popup>
    </>
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
              await Dialog.confirm({
                content: t('config_logout_confirm'),
                confirmText: t('confirm'),
                cancelText: t('cancel'),
              })
            ) {
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
