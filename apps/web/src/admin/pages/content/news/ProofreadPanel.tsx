import { useEffect, useState } from 'react';
import { Form, type App, type FormInstance } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProofFindingDto } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import type { Proofreader } from '../../../../components/RichTextEditor/proofread';
import { adminQueryKeys } from '../../../session/queries';
import { ProofreadFindings } from '../../../shared/ProofreadFindings';

/** How long typing pauses before the article is checked again. */
const SETTLE_MS = 800;

interface ProofreadPanelProps {
  form: FormInstance;
  /** The body's editor (RichTextEditor's `proofreader`). */
  proofreader: { current: Proofreader | null };
  /** While the dialog is open and filled. */
  active: boolean;
  /** A title the replacement changed (the body's change reaches the form through the editor itself). */
  onTitle: (title: string) => void;
}

/**
 * 校对 while an article is edited (docs/inspection.md, 易错词): the title and body are checked a
 * moment after typing pauses (CheckArticleText), the words found are marked in the editor and
 * listed here, and the editor replaces one or all of them. A component of its own: it watches the
 * form, and the dialog around it must not be drawn again on every keystroke (useNewsAutosave).
 */
export function ProofreadPanel({ form, proofreader, active, onTitle }: ProofreadPanelProps) {
  const title = (Form.useWatch('Title', form) as string | undefined) ?? '';
  const html = (Form.useWatch('NewContent', form) as string | undefined) ?? '';
  const [settled, setSettled] = useState({ title: '', html: '' });
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ title, html }), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [title, html]);

  const check = useQuery({
    queryKey: [...adminQueryKeys.all, 'proofread', settled.title, settled.html],
    queryFn: () => contentAdminApi.checkArticleText(settled.title, settled.html),
    enabled: active && (settled.title !== '' || settled.html !== ''),
    // The last findings stay shown while the next check runs: the list does not flicker as one types.
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
  const findings = active ? (check.data ?? []) : [];

  useEffect(() => {
    proofreader.current?.mark(findings.map((f) => ({ word: f.Word, suggestion: f.Suggestion, serious: f.Severity === 'serious' })));
    // Marked again only when the findings change (a check's answer), not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [check.data, active]);

  const replace = (finding: ProofFindingDto) => {
    if (!finding.Suggestion) return;
    proofreader.current?.replace(finding.Word, finding.Suggestion);
    const current = String(form.getFieldValue('Title') ?? '');
    if (!current.includes(finding.Word)) return;
    const replaced = current.split(finding.Word).join(finding.Suggestion);
    form.setFieldValue('Title', replaced);
    onTitle(replaced);
  };

  if (findings.length === 0) return null;
  // A row of the form's own, under the fields' labels.
  return (
    <Form.Item label="校对" style={{ marginBottom: 8 }}>
      <ProofreadFindings
        findings={findings}
        onReplace={replace}
        onReplaceAll={() => findings.forEach(replace)}
        onLocate={(finding) => proofreader.current?.locate(finding.Word)}
      />
    </Form.Item>
  );
}

/** Asks, when the server held a save back for serious findings (Code 513), whether to save anyway. */
export const confirmProofread = (modal: ReturnType<typeof App.useApp>['modal'], serious: readonly ProofFindingDto[]) =>
  new Promise<boolean>((resolve) => {
    modal.confirm({
      title: '文章含有严重错别字或敏感词',
      width: 560,
      content: <ProofreadFindings findings={serious} />,
      okText: '仍然保存',
      cancelText: '返回修改',
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
