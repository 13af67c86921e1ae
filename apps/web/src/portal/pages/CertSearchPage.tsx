export function CertSearchPage() {
  return <div>CertSearchPage</div>;
}
