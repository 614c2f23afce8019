import { List, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { readSetting, writeSetting } from '../../../app/settings.ts';
import { MemberSubpage } from '../../../components/member-subpage/index.ts';
import '../member-subpages.css';

/**
 * Setting (part 2 §2.6): the stream auto-play toggle, kept in the local settings the player reads
 * (`streamAutoplay`, default on); then the policy page and the version.
 */
export default function SettingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [autoplay, setAutoplay] = useState(() => readSetting('streamAutoplay'));

  return (
    <MemberSubpage title={t('route_setting')} className="setting-page">
      <List header={t('setting_playback')} className="setting-list">
        <List.Item
          description={t('setting_autoplay_desc')}
          extra={
            <Switch
              checked={autoplay}
              aria-label={t('setting_autoplay')}
              onChange={(checked) => {
                writeSetting('streamAutoplay', checked);
                setAutoplay(checked);
              }}
            />
          }
        >
          {t('setting_autoplay')}
        </List.Item>
      </List>

      <List header={t('setting_about')} className="setting-list">
        <List.Item onClick={() => navigate('/member/policy')}>{t('route_policy')}</List.Item>
        <List.Item extra={__APP_VERSION__}>{t('setting_version')}</List.Item>
      </List>

      <p className="setting-page__note">{t('age_notice')}</p>
    </MemberSubpage>
  );
}
