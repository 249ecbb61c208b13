/** «Søk om permisjon» (decision 027): built by the leave-applications feature. */
export function ApplyTab(_props: { onApplied: () => void }) {
  return null;
}
