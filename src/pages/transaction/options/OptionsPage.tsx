/** Placeholder of the keystone branch: replaced by the area's page. */
export default function OptionsPage() {
  return null;
}
