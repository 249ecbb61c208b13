/** Applications to decide, and every leave (decision 027): built by the leave-approvals feature. */
export function DecideTab(_props: { openId?: string | undefined }) {
  return null;
}
