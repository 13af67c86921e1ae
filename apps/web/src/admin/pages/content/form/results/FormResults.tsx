export default function FormResults(_: { formId: number; onBack: () => void }) {
  return null;
}
