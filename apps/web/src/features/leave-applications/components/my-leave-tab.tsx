/** One's own applications (decision 027): built by the leave-applications feature. */
export function MyLeaveTab(_props: { openId?: string | undefined }) {
  return null;
}
