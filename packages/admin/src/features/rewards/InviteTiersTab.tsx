import { useTranslation } from 'react-i18next';
import { RowsForm } from '../../components/RowsForm.tsx';

/** The share page's milestones: bonus points once the friend count reaches each. */
export function InviteTiersTab() {
  const { t } = useTranslation();
  return (
    <RowsForm<{ shareDays: number }>
      path="/rewards/invite-tiers"
      listName="tiers"
      columns={[
        { name: 'friends', label: 'invite_friends' },
        { name: 'points', label: 'invite_points' },
      ]}
      newRow={{ friends: 40, points: 2000 }}
      addLabel="invite_add"
      hint={(reply) => t('invite_hint', { days: reply?.shareDays ?? 0 })}
      prepare={(rows) => [...rows].sort((a, b) => a.friends! - b.friends!)}
    />
  );
}
