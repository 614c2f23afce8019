import { SIGNIN_CYCLE_DAYS as CYCLE_DAYS } from '@app/contract';

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
  const completedInCycle = checkedInToday ? cycleDay(last.streak) : last.streak % CYCLE_DAYS;
  return { checkedInToday, streak: last.streak, completedInCycle };
}

/** The streak after checking in on `today`: one more when the last check-in was yesterday. */
export function nextStreak(last: LastCheckIn | undefined, yesterday: string): number {
  return last?.day === yesterday ? last.streak + 1 : 1;
}

/** Which day of the 7-day cycle (1–7) a check-in with this streak is; day 8 starts a new cycle. */
export function cycleDay(streak: number): number {
  return ((streak - 1) % CYCLE_DAYS) + 1;
}
