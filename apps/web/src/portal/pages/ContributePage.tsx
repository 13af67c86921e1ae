export function ContributePage() {
  return <div>ContributePage</div>;
}
