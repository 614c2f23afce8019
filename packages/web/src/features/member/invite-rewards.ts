import { INVITE_REWARD_TIERS } from '@app/contract/constants';

/** A milestone: bonus points once the friend count reaches `friends` (app info `invite_tiers`). */
export interface InviteTier {
  friends: number;
  points: number;
}

/** One line of the share page's reward list (part 2 §9, DECISIONS "Invites"). */
export interface InviteReward {
  /** Friends needed: 1 for the per-friend reward, else the milestone. */
  friends: number;
  points: number;
  /** Per friend (`share.days` points each time), or a one-off bonus at a milestone. */
  kind: 'each' | 'milestone';
  /** Friends counted towards this line, at most `friends`. */
  progress: number;
  reached: boolean;
}

/**
 * The reward list: `share.days` points for every friend, then each milestone the operator set
 * (by default +500 / +1000 / +1800 at 10 / 20 / 30 friends). Progress uses the account's `invite_count`.
 */
export function inviteRewards(
  shareDays: number,
  inviteCount: number,
  tiers: readonly InviteTier[] = INVITE_REWARD_TIERS,
): InviteReward[] {
  const count = Math.max(0, Math.floor(inviteCount));
  return [
    { friends: 1, points: shareDays, kind: 'each' as const },
    ...tiers.map((tier) => ({ ...tier, kind: 'milestone' as const })),
  ].map((reward) => ({
    ...reward,
    progress: Math.min(count, reward.friends),
    reached: count >= reward.friends,
  }));
}

/** Invites earn nothing while share days is 0: the server then refuses every invite code. */
export function invitesOpen(shareDays: number): boolean {
  return shareDays > 0;
}

/** The milestone the account is working towards, or undefined when every one is reached. */
export function nextMilestone(
  inviteCount: number,
  tiers: readonly InviteTier[] = INVITE_REWARD_TIERS,
): InviteTier | undefined {
  return tiers.find((tier) => inviteCount < tier.friends);
}
