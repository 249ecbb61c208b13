/** «På huset i natt» (decision 027): built by the house feature. */
export function HouseTab() {
  return null;
}
