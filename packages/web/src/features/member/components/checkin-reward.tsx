import type { SigninList } from '@app/contract';
import { t } from '../../../app/i18n/index.ts';
import { showAlert, showToast } from '../../../app/shell/notices.ts';
import { RewardIcon } from '../../../components/reward-icon/index.ts';
import { Words } from '../../../components/words/Words.tsx';
import type { CheckInOutcome } from '../api/checkin-api.ts';

/**
 * What a check-in earned, said where it happened (issue 38 item 8): the reward of the day it took
 * (the caller reads it from the strip before the check-in) in a dialog; a refusal or a failure as a toast.
 */
export async function announceCheckIn(
  outcome: CheckInOutcome,
  reward: SigninList['result'][number] | undefined,
) {
  if (outcome === 'checked_in' && reward) {
    await showAlert({
      title: t('checkin_success_title'),
      content: (
        <div className="checkin-reward" data-testid="checkin-reward">
          <RewardIcon kind={reward.icon} size="large" />
          <p className="checkin-reward__text">
            <Words text={t('checkin_earned', { reward: reward.details })} />
          </p>
        </div>
      ),
      confirmText: t('got_it'),
    });
    return;
  }
  const message = { checked_in: 'checkin_success', already: 'checkin_done', failed: 'network_error' };
  await showToast({ content: t(message[outcome]) });
}
