/**
 * A non-VIP's free views of one business day. The user row keeps the day its counters belong to,
 * so counters of an earlier day read as zero without any job resetting them at 4:00.
 */
export interface ViewCounters {
  views_day: string | null;
  views_used: number;
  extra_views_day: string | null;
  extra_views: number;
}

export function todaysViews(
  row: ViewCounters,
  today: string,
  dailyFree: number,
): { used: number; total: number } {
  return {
    used: row.views_day === today ? row.views_used : 0,
    total: dailyFree + (row.extra_views_day === today ? row.extra_views : 0),
  };
}
