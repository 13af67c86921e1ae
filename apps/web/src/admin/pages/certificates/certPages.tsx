import { Tag } from 'antd';
import { certStatusNames, ExamStatus, examStatusNames, idTypeNames, type CertView, type Permission } from '@portal/shared';
import { adminQueryKeys } from '../../session/queries';

/**
 * The two back-office pages over the certificate records (docs/api.md): 证书列表 (passed results
 * with a certificate, cert:*) and 考试成绩 (every result, cert:score:*). One page component
 * serves both; this is what differs between them.
 */
export interface CertPageSpec {
  view: CertView;
  title: string;
  /** What one record is called in dialog titles (新增证书, 修改考试成绩). */
  noun: string;
  /** Said in the import dialog: what of an import this page does not show. */
  importNote: string;
  edit: Permission;
  delete: Permission;
  import: Permission;
  export: Permission;
}

export const certPages: Record<CertView, CertPageSpec> = {
  cert: {
    view: 'cert',
    title: '证书列表',
    noun: '证书',
    importNote: '不合格、缺考的成绩同样导入，在考试成绩中查看。',
    edit: 'cert:edit',
    delete: 'cert:delete',
    import: 'cert:import',
    export: 'cert:export',
  },
  score: {
    view: 'score',
    title: '考试成绩',
    noun: '考试成绩',
    importNote: '',
    edit: 'cert:score:edit',
    delete: 'cert:score:delete',
    import: 'cert:score:import',
    export: 'cert:score:export',
  },
};

/** Both pages' lists and records: the views share records, so a write refreshes both. */
export const certificatesKey = [...adminQueryKeys.all, 'certificates'] as const;

const options = (names: Record<number, string>) => Object.entries(names).map(([value, label]) => ({ label, value: Number(value) }));
/** 合格, 不合格, 缺考 in the order a person reads them. */
export const examStatusOptions = [ExamStatus.Passed, ExamStatus.Failed, ExamStatus.Absent].map((value) => ({ label: examStatusNames[value], value }));
/** 正常, 官网隐藏, 已删除 (the list shows the first two unless 已删除 is asked for). */
export const certStatusOptions = options(certStatusNames).reverse();
export const idTypeOptions = options(idTypeNames);

const examColors: Record<number, string> = { [ExamStatus.Passed]: 'success', [ExamStatus.Failed]: 'error', [ExamStatus.Absent]: 'default' };

export function ExamStatusTag({ status }: { status: number }) {
  return <Tag color={examColors[status] ?? 'default'}>{examStatusNames[status as ExamStatus] ?? status}</Tag>;
}

/** A certificate's file name, as DownCerts names the PNGs in its zip. */
export const certificateFileName = (r: { _name: string; _certNum: string }) => `${r._name}_${r._certNum}.png`.replace(/[\\/:*?"<>|]/g, '_');
