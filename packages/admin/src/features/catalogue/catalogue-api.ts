import type { VideoType } from '@app/contract';
import { useEffect, useState } from 'react';
import { consoleApi } from '../../app/api.ts';

/** The things a video names, as the pickers list them. */
export type EntityPath = 'categories' | 'actors' | 'studios' | 'creators' | 'keywords';
export interface Choice {
  value: number;
  label: string;
}

/** Up to 50 entities whose name holds `q` (either script), as choices. */
export async function searchChoices(path: EntityPath, q: string, type?: VideoType): Promise<Choice[]> {
  const reply = await consoleApi.get<{ items: { id: number; name: string }[] }>(`/catalogue/${path}`, {
    q: q.trim() || undefined,
    type,
    pageSize: 50,
    sort: 'name',
  });
  return reply.items.map((item) => ({ value: item.id, label: item.name }));
}

/** Every category (of one type, or all), for filters and the video form. Categories are few. */
export function useCategories(type?: VideoType) {
  const [categories, setCategories] = useState<(Choice & { type: VideoType })[]>([]);
  useEffect(() => {
    let alive = true;
    consoleApi
      .get<{ items: { id: number; name: string; type: VideoType }[] }>('/catalogue/categories', {
        type,
        pageSize: 200,
        sort: 'sort',
      })
      .then((reply) => {
        if (alive)
          setCategories(reply.items.map((item) => ({ value: item.id, label: item.name, type: item.type })));
      })
      .catch(() => alive && setCategories([]));
    return () => {
      alive = false;
    };
  }, [type]);
  return categories;
}
