import { SLIDE_PANEL_CLOSE_MS } from '@app/contract/constants';
import { useCloseOnBack } from '../../../app/back-closes.ts';
import { Popup, Radio, Space } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChoiceKind } from './Player/Player.tsx';
import './choice-panel.css';

export interface ChoiceOption {
  value: string;
  label: string;
  vipOnly: boolean;
}

interface Props {
  kind: ChoiceKind | null;
  options: ChoiceOption[];
  value: string;
  onChoose: (kind: ChoiceKind, value: string) => void;
  onClose: () => void;
}

const TITLE: Record<ChoiceKind, string> = { line: 'play_line', quality: 'play_quality', rate: 'play_rate' };

/**
 * The slide panel with radio options for line, quality and rate (part 2 §2.5). VIP-only options
 * carry a VIP mark; the panel closes 200 ms after a choice, so the tick is seen landing.
 */
export function ChoicePanel({ kind, options, value, onChoose, onClose }: Props) {
  useCloseOnBack(kind !== null, onClose, kind);
  const { t } = useTranslation();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <Popup
      visible={kind !== null}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="choice-panel"
      destroyOnClose
    >
      {kind && (
        <div data-testid={`choice-panel-${kind}`}>
          <h3 className="choice-panel__title">{t(TITLE[kind])}</h3>
          <Radio.Group
            value={value}
            onChange={(chosen) => {
              onChoose(kind, String(chosen));
              window.clearTimeout(timer.current);
              timer.current = window.setTimeout(onClose, SLIDE_PANEL_CLOSE_MS);
            }}
          >
            <Space direction="vertical" block className="choice-panel__options">
              {options.map((option) => (
                <Radio key={option.value} value={option.value} block className="choice-panel__option">
                  <span className="choice-panel__label">{option.label}</span>
                  {option.vipOnly && <span className="choice-panel__vip">VIP</span>}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </div>
      )}
    </Popup>
  );
}
