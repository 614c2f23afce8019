import { useCloseOnBack } from '../../../app/back-closes.ts';
import {
  ACTOR_ORDERS,
  COVER_TYPES,
  CUPS,
  DURATION_MINUTES,
  LOCATIONS,
  TOP_PERIODS,
  VIDEO_ORDERS,
} from '@app/contract/constants';
import type { FilterRow } from '@app/contract/menu-filters';
import { Popup } from 'antd-mobile';
import { FilterOutline } from 'antd-mobile-icons';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { toggleFilter, type FilterChoice } from '../filter-state.ts';
import './menu-video-list.css';

/** The location values' message keys (the catalogue's names are shorter than the wire values). */
const LOCATION_KEYS: Record<(typeof LOCATIONS)[number], string> = {
  local: 'location_local',
  japan: 'location_japan',
  korea: 'location_korea',
  europe_us: 'location_western',
  taiwan: 'location_taiwan',
  hongkong_macau: 'location_hkmo',
  southeast_asia: 'location_sea',
};

interface Option {
  value: string | number;
  label: string;
}

/** What the list sorts: videos by time or views, actors by views or video count (part 2 §7). */
export type FilterSubject = 'videos' | 'actors';

function optionsOf(
  row: FilterRow,
  t: TFunction,
  categories: { category_id: number; category_name: string }[],
  subject: FilterSubject,
) {
  switch (row) {
    case 'order':
      return subject === 'actors'
        ? ACTOR_ORDERS.map((value) => ({ value, label: t(`actor_order_${value}`) }))
        : VIDEO_ORDERS.map((value) => ({ value, label: t(`filter_order_${value}`) }));
    case 'type':
      return COVER_TYPES.map((value) => ({ value, label: t(`filter_type_${value}`) }));
    case 'top':
      return TOP_PERIODS.map((value) => ({ value, label: t(`filter_top_${value}`) }));
    case 'duration':
      return DURATION_MINUTES.map((value) => ({ value, label: t('filter_duration_min', { count: value }) }));
    case 'cup':
      return CUPS.map((value) => ({ value, label: t('filter_cup_value', { cup: value }) }));
    case 'location':
      return LOCATIONS.map((value) => ({ value, label: t(LOCATION_KEYS[value]) }));
    case 'category':
      return categories.map((category) => ({ value: category.category_id, label: category.category_name }));
  }
}

interface SheetProps {
  rows: FilterRow[];
  choice: FilterChoice;
  onChoice: Dispatch<SetStateAction<FilterChoice>>;
  subject?: FilterSubject;
  categories?: { category_id: number; category_name: string }[];
}

/**
 * A list's filter button and popup (part 2 §2.3): each row keeps one option, a second tap on it
 * clears the row; the dot on the button says a filter is on.
 */
export function FilterSheet({ rows, choice, onChoice, subject = 'videos', categories = [] }: SheetProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useCloseOnBack(open, () => setOpen(false));
  const filtered = Object.keys(choice).length > 0;
  if (rows.length === 0) return null;
  return (
    <>
      <div className="menu-list__bar">
        <button
          type="button"
          className="menu-list__filter"
          data-testid="filter-open"
          onClick={() => setOpen(true)}
        >
          <FilterOutline /> {t('filter_title')}
          {filtered && <span className="menu-list__dot" />}
        </button>
      </div>

      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        position="bottom"
        bodyClassName="menu-list__popup"
      >
        <div data-testid="filter-popup">
          {rows.map((row) => (
            <div key={row} className="menu-list__row">
              <span className="menu-list__row-name">{t(`filter_${row}`)}</span>
              <div className="menu-list__options">
                {(optionsOf(row, t, categories, subject) as Option[]).map((option) => {
                  const on = choice[row] === option.value;
                  return (
                    <button
                      key={option.value}
                      type="button"
                      aria-pressed={on}
                      data-testid={`filter-${row}-${option.value}`}
                      className={on ? 'menu-list__option menu-list__option--on' : 'menu-list__option'}
                      onClick={() => onChoice((current) => toggleFilter(current, row, option.value))}
                    >
                      {option.label}
                    </button>
                  );
                })}
              </div>
            </div>
          ))}
          <button type="button" className="menu-list__done" onClick={() => setOpen(false)}>
            {t('ok')}
          </button>
        </div>
      </Popup>
    </>
  );
}
