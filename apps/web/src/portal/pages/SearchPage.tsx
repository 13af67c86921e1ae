export function SearchPage() {
  return <div>SearchPage</div>;
}
