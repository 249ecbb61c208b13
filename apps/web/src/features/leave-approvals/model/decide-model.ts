/** The approver's list of leave: what waits first, then the rest (decision 027). */
import type { Leave, LeaveStatus } from '@tun/shared/leave';

export type LeaveFilter = 'all' | LeaveStatus;

/** Pending applications, the soonest first: those are the ones to decide before they begin. */
export function pendingFirst(leaves: readonly Leave[]): Leave[] {
  return leaves
    .filter((leave) => leave.status === 'pending')
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.id.localeCompare(b.id));
}

/** The decided ones of a status (or every status), the latest period first. */
export function decidedOf(leaves: readonly Leave[], filter: LeaveFilter): Leave[] {
  return leaves
    .filter((leave) => leave.status !== 'pending' && (filter === 'all' || leave.status === filter))
    .sort((a, b) => Date.parse(b.start) - Date.parse(a.start) || a.id.localeCompare(b.id));
}

/** How many wait for this reader's decision: the tab's count. */
export function waitingForMe(leaves: readonly Leave[] | undefined): number {
  return (leaves ?? []).filter((leave) => leave.status === 'pending' && leave.policies.decide).length;
}

/** Whether an approver may still do something to a leave's period or withdraw it. */
export function isStanding(leave: Pick<Leave, 'status'>): boolean {
  return leave.status === 'pending' || leave.status === 'approved';
}
