/** The fire list on A4 (decision 027): built by the house feature. */
export function FireListPage() {
  return null;
}
