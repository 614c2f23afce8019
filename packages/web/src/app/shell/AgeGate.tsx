import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { writeSetting } from '../settings.ts';
import './age-gate.css';

/**
 * The age confirmation on a device's first start (app info `age_gate`): the catalogue's filters
 * and the terms are 18+. Confirming is remembered on the device; declining shows why the app
 * stays closed, with no way into the content (issue 38 item 16: not a blank page). Nothing else
 * (cover ad, pop-ups) shows before it is answered.
 */
export function AgeGate({ onConfirmed }: { onConfirmed: () => void }) {
  const { t } = useTranslation();
  const [declined, setDeclined] = useState(false);
  if (declined)
    return (
      <div className="age-gate" data-testid="age-gate-declined">
        <div className="age-gate__card" role="alert">
          <div className="age-gate__badge" aria-hidden="true">
            18+
          </div>
          <h2 className="age-gate__title">{t('age_gate_left_title')}</h2>
          <p className="age-gate__text">{t('age_gate_left_content')}</p>
        </div>
      </div>
    );
  return (
    <div className="age-gate" data-testid="age-gate">
      <div className="age-gate__card" role="dialog" aria-modal="true" aria-labelledby="age-gate-title">
        <div className="age-gate__badge" aria-hidden="true">
          18+
        </div>
        <h2 id="age-gate-title" className="age-gate__title">
          {t('age_gate_title')}
        </h2>
        <p className="age-gate__text">{t('age_gate_content')}</p>
        <div className="age-gate__actions">
          <button type="button" className="age-gate__button" onClick={() => setDeclined(true)}>
            {t('age_gate_leave')}
          </button>
          <button
            type="button"
            className="age-gate__button age-gate__button--confirm"
            onClick={() => {
              writeSetting('ageConfirmed', true);
              onConfirmed();
            }}
          >
            {t('age_gate_confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
