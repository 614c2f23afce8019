/** Days in one check-in cycle (DECISIONS: a 7-day cycle; a missed day restarts it). */
export const CYCLE_DAYS = 7;

export interface LastCheckIn {
  /** Business day of the latest check-in, YYYY-MM-DD. */
  day: string;
  /** Consecutive days up to and including that day. */
  streak: number;
}

/**
 * Where an account stands in its 7-day cycle on `today`: whether it checked in today, the live
 * streak (`cont_total`), and how many days of the current cycle are completed.
 */
export function cycleState(last: LastCheckIn | undefined, today: string, yesterday: string) {
  const alive = last !== undefined && (last.day === today || last.day === yesterday);
  if (!alive) return { checkedInToday: false, streak: 0, completedInCycle: 0 };
  const checkedInToday = last.day === today;
  // A cycle finished yesterday makes today the first day of a new one.
  const completedInCycle = checkedInToday ? ((last.streak - 1) % CYCLE_DAYS) + 1 : last.streak % CYCLE_DAYS;
  return { checkedInToday, streak: last.streak, completedInCycle };
}
