import { describe, expect, it } from 'vitest';
import { cycleDay, cycleState, nextStreak } from './signin-cycle.ts';

const today = '2026-11-23';
const yesterday = '2026-11-22';

describe('cycleState', () => {
  it('starts empty for an account that never checked in', () => {
    expect(cycleState(undefined, today, yesterday)).toEqual({
      checkedInToday: false,
      streak: 0,
      completedInCycle: 0,
    });
  });
  it('keeps a streak that reached yesterday and marks today done after checking in', () => {
    expect(cycleState({ day: yesterday, streak: 3 }, today, yesterday).completedInCycle).toBe(3);
    expect(cycleState({ day: today, streak: 4 }, today, yesterday)).toEqual({
      checkedInToday: true,
      streak: 4,
      completedInCycle: 4,
    });
  });
  it('restarts the cycle after a missed day or a finished week', () => {
    expect(cycleState({ day: '2026-11-20', streak: 5 }, today, yesterday).streak).toBe(0);
    expect(cycleState({ day: yesterday, streak: 7 }, today, yesterday).completedInCycle).toBe(0);
    expect(cycleState({ day: today, streak: 8 }, today, yesterday).completedInCycle).toBe(1);
  });
});

describe('nextStreak and cycleDay', () => {
  it('continues from yesterday and restarts after a gap', () => {
    expect(nextStreak(undefined, yesterday)).toBe(1);
    expect(nextStreak({ day: yesterday, streak: 3 }, yesterday)).toBe(4);
    expect(nextStreak({ day: '2026-11-21', streak: 3 }, yesterday)).toBe(1);
  });
  it('maps the streak onto the 7-day cycle', () => {
    expect([1, 7, 8, 14, 15].map(cycleDay)).toEqual([1, 7, 1, 7, 1]);
  });
});
