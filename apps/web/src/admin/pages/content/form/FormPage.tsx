import { lazy } from 'react';
import { useSearchParams } from 'react-router';
import { FormListPage } from './FormListPage';

// The builder (with its drag library) and the results (with the charts) load when opened.
const FormBuilder = lazy(() => import('./builder/FormBuilder'));
const FormResults = lazy(() => import('./results/FormResults'));

/**
 * 表单与问卷 (component content/form/index): the list of forms, surveys and votes; a form's
 * builder (?edit=<id>, ?edit=new) and its results (?results=<id>) take the page's place, so the
 * address names what is open and the browser's back returns to the list.
 */
export default function FormPage() {
  const [params, setParams] = useSearchParams();
  const edit = params.get('edit');
  const results = Number(params.get('results'));
  const open = (next: Record<string, string>) => setParams(next);
  const back = () => setParams({});

  if (edit !== null) {
    const id = edit === 'new' ? 0 : Number(edit);
    return <FormBuilder key={id} formId={id} onBack={back} onCreated={(created) => open({ edit: String(created) })} />;
  }
  if (results > 0) return <FormResults key={results} formId={results} onBack={back} />;
  return <FormListPage onEdit={(id) => open({ edit: id ? String(id) : 'new' })} onResults={(id) => open({ results: String(id) })} />;
}
