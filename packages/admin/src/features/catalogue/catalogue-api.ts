import type { VideoType } from '@app/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi } from '../../app/api.ts';
import { inScript } from '../../app/i18n/catalogue-text.ts';

/** The things a video names, as the pickers list them. */
export type EntityPath = 'categories' | 'actors' | 'studios' | 'creators' | 'keywords';
export interface Choice {
  value: number;
  label: string;
}

/** Up to 50 entities whose name holds `q` (either script), as choices named in `locale`'s script. */
export async function searchChoices(
  path: EntityPath,
  q: string,
  locale: string,
  type?: VideoType,
): Promise<Choice[]> {
  const reply = await consoleApi.get<{ items: { id: number; name: string; nameTw: string }[] }>(
    `/catalogue/${path}`,
    {
      q: q.trim() || undefined,
      type,
      pageSize: 50,
      sort: 'name',
    },
  );
  return reply.items.map((item) => ({ value: item.id, label: inScript(locale, item.name, item.nameTw) }));
}

/** Every category (of one type, or all), for filters and the video form. Categories are few. */
export function useCategories(type?: VideoType) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const [categories, setCategories] = useState<(Choice & { type: VideoType })[]>([]);
  useEffect(() => {
    let alive = true;
    consoleApi
      .get<{ items: { id: number; name: string; nameTw: string; type: VideoType }[] }>(
        '/catalogue/categories',
        {
          type,
          pageSize: 200,
          sort: 'sort',
        },
      )
      .then((reply) => {
        if (alive)
          setCategories(
            reply.items.map((item) => ({
              value: item.id,
              label: inScript(locale, item.name, item.nameTw),
              type: item.type,
            })),
          );
      })
      .catch(() => alive && setCategories([]));
    return () => {
      alive = false;
    };
  }, [type, locale]);
  return categories;
}
