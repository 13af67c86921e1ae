export function AdminShell() {
  return <div>AdminShell</div>;
}
