import { CheckCircleFill, GiftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { InviteReward } from '../invite-rewards.ts';

/** The reward tiers with the account's progress towards each milestone. */
export function InviteRewards({ rewards }: { rewards: InviteReward[] }) {
  const { t } = useTranslation();
  return (
    <ol className="invite-rewards" data-testid="invite-rewards">
      {rewards.map((reward) => (
        <li
          key={reward.friends}
          className={reward.reached ? 'invite-reward invite-reward--reached' : 'invite-reward'}
        >
          <span className="invite-reward__icon" aria-hidden>
            {reward.reached && reward.kind === 'milestone' ? <CheckCircleFill /> : <GiftOutline />}
          </span>
          <span className="invite-reward__text">
            <span className="invite-reward__title">
              {reward.kind === 'each'
                ? t('share_task_each', { points: reward.points })
                : t('share_task_milestone', { count: reward.friends, points: reward.points })}
            </span>
            {reward.kind === 'milestone' && (
              <span className="invite-reward__bar" aria-hidden>
                <span style={{ width: `${(reward.progress / reward.friends) * 100}%` }} />
              </span>
            )}
          </span>
          <span className="invite-reward__state">
            {reward.kind === 'each' ? (
              <span className="invite-reward__points">+{reward.points}</span>
            ) : reward.reached ? (
              t('share_reward_reached')
            ) : (
              `${reward.progress}/${reward.friends}`
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
