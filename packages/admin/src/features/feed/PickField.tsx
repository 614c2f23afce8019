import type { Picked, PickKind } from '@app/contract/console/feed';
import type { VideoType } from '@app/contract';
import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInScript } from '../../app/i18n/catalogue-text.ts';
import { feedApi } from './feed-api.ts';

/** How long typing pauses before a search is sent (one request per pause, not per key). */
const SEARCH_PAUSE_MS = 250;

/**
 * A search picker of catalogue items (videos, actors, studios, categories of one home): ids in the
 * order picked. `known` names the ids already picked; every item found is reported through
 * `onFound`, so the preview can draw what was picked.
 */
export function PickField({
  kind,
  type,
  value = [],
  onChange,
  known,
  onFound,
  label,
  max,
}: {
  kind: PickKind;
  type: VideoType;
  value?: number[];
  onChange?: (ids: number[]) => void;
  known: Map<number, Picked>;
  onFound: (items: Picked[]) => void;
  label: string;
  max: number;
}) {
  const { t } = useTranslation();
  const inScript = useInScript();
  const [found, setFound] = useState<Picked[]>([]);
  const [searching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);

  const search = (q: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const serial = ++latest.current;
      setSearching(true);
      feedApi
        .pick(kind, type, q.slice(0, 100))
        .then((reply) => {
          if (serial !== latest.current) return;
          setFound(reply.items);
          onFound(reply.items);
        })
        .catch(() => serial === latest.current && setFound([]))
        .finally(() => serial === latest.current && setSearching(false));
    }, SEARCH_PAUSE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const options = new Map<number, Picked>();
  for (const id of value) {
    const item = known.get(id);
    if (item) options.set(id, item);
  }
  for (const item of found) options.set(item.id, item);

  return (
    <Select
      mode="multiple"
      aria-label={label}
      value={value}
      onChange={(ids: number[]) => onChange?.(ids.slice(0, max))}
      showSearch={{ filterOption: false, onSearch: search }}
      onOpenChange={(open) => open && found.length === 0 && search('')}
      loading={searching}
      placeholder={t('feed_pick_search')}
      notFoundContent={searching ? t('loading') : t('empty')}
      maxCount={max}
      options={[...options.values()].map((item) => ({
        value: item.id,
        label: `${inScript(item.name, item.nameTw)} · #${item.id}`,
      }))}
    />
  );
}
