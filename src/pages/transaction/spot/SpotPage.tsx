/** Placeholder of the keystone branch: replaced by the area's page. */
export default function SpotPage() {
  return null;
}
