export function MenuListPage() {
  return <div>MenuListPage</div>;
}
