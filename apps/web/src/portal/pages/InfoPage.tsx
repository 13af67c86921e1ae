export function InfoPage() {
  return <div>InfoPage</div>;
}
