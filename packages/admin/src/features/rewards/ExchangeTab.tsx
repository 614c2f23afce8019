import { useTranslation } from 'react-i18next';
import { RowsForm } from '../../components/RowsForm.tsx';

/** The points → VIP days options of the app's exchange page, saved as one list. */
export function ExchangeTab() {
  const { t } = useTranslation();
  return (
    <RowsForm
      path="/rewards/exchange"
      listName="options"
      columns={[
        { name: 'point', label: 'exchange_point' },
        { name: 'day', label: 'exchange_day' },
      ]}
      newRow={{ day: 30, point: 30 }}
      addLabel="exchange_add"
      hint={() => t('exchange_hint')}
    />
  );
}
