export function AdminLoginPage() {
  return <div>AdminLoginPage</div>;
}
