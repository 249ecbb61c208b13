/** The school's rules for leave (decision 027): built by the leave-approvals feature. */
export function LeaveSettingsTab() {
  return null;
}
