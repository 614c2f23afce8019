import { describe, expect, it } from 'vitest';
import { inviteRewards, invitesOpen, nextMilestone } from './invite-rewards.ts';

const summary = (shareDays: number, count: number) =>
  inviteRewards(shareDays, count).map((reward) => [
    reward.kind,
    reward.friends,
    reward.points,
    reward.reached,
  ]);

describe('invite rewards on the share page', () => {
  it('list share days per friend, then +500 at 10, +1000 at 20, +1800 at 30', () => {
    expect(summary(7, 0)).toEqual([
      ['each', 1, 7, false],
      ['milestone', 10, 500, false],
      ['milestone', 20, 1000, false],
      ['milestone', 30, 1800, false],
    ]);
  });

  it('mark a milestone reached exactly when the friend count gets there', () => {
    expect(summary(3, 9).map((row) => row[3])).toEqual([true, false, false, false]);
    expect(summary(3, 10).map((row) => row[3])).toEqual([true, true, false, false]);
    expect(summary(3, 19).map((row) => row[3])).toEqual([true, true, false, false]);
    expect(summary(3, 20).map((row) => row[3])).toEqual([true, true, true, false]);
    expect(summary(3, 30).map((row) => row[3])).toEqual([true, true, true, true]);
  });

  it('count progress up to each line and never below zero', () => {
    expect(inviteRewards(3, 14).map((reward) => reward.progress)).toEqual([1, 10, 14, 14]);
    expect(inviteRewards(3, -2).map((reward) => reward.progress)).toEqual([0, 0, 0, 0]);
  });

  it('name the next milestone, none after 30', () => {
    expect(nextMilestone(0)?.friends).toBe(10);
    expect(nextMilestone(10)?.friends).toBe(20);
    expect(nextMilestone(29)?.friends).toBe(30);
    expect(nextMilestone(30)).toBeUndefined();
  });

  it('are closed while share days is 0', () => {
    expect(invitesOpen(0)).toBe(false);
    expect(invitesOpen(-1)).toBe(false);
    expect(invitesOpen(1)).toBe(true);
  });
});
