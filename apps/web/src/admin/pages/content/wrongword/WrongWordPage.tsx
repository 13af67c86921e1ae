import { useState } from 'react';
import { Button, Tag } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { wrongWordSeverityNames, type WrongWordDto, type WrongWordSeverity } from '@portal/shared';
import { contentAdminApi, type WrongWordQuery } from '../../../../api/content-admin';
import type { PageState } from '../../../../components/DataTable';
import { Auth } from '../../../access/AdminSession';
import { BatchDelete, ListPage, listResource, useListPage, useSelection } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';
import { severityOptions, WrongWordDialog } from './WrongWordDialog';
import { WrongWordImportDialog } from './WrongWordImportDialog';

type Filters = Omit<WrongWordQuery, keyof PageState>;

export function SeverityTag({ severity }: { severity: WrongWordSeverity }) {
  return <Tag color={severity === 'serious' ? 'error' : 'default'}>{wrongWordSeverityNames[severity]}</Tag>;
}

const wrongWords = listResource<WrongWordDto, Filters>({
  key: [...adminQueryKeys.all, 'wrong-words'],
  fetch: contentAdminApi.wrongWords,
  rowKey: 'Id',
  search: [
    { kind: 'input', name: 'key', label: '关键字', placeholder: '错误或正确写法' },
    { kind: 'select', name: 'severity', label: '级别', options: severityOptions },
  ],
  columns: [
    { title: '错误写法', dataIndex: 'Wrong' },
    { title: '正确写法', dataIndex: 'Right' },
    { title: '级别', dataIndex: 'Severity', width: 90, render: (severity: WrongWordSeverity) => <SeverityTag severity={severity} /> },
    { title: '修改时间', dataIndex: 'UpdatedAt', width: 180 },
  ],
  dialog: WrongWordDialog,
  add: { perm: 'content:wrongword:save', label: '新增易错词' },
  edit: { perm: 'content:wrongword:save' },
  remove: {
    perm: 'content:wrongword:delete',
    question: (w) => `确定删除易错词“${w.Wrong}”吗？`,
    run: (w) => contentAdminApi.deleteWrongWords([w.Id]),
  },
  export: { perm: 'content:wrongword:export', run: contentAdminApi.exportWrongWords },
});

/**
 * 易错词 (component content/wrongword/index): the dictionary of wrong → right forms that 校对
 * checks articles against (docs/inspection.md). Search by either form and by level, add and
 * edit, delete one or many, import from and export to .xlsx in the same columns.
 */
export default function WrongWordPage() {
  const page = useListPage(wrongWords);
  const { selected, rowSelection, done } = useSelection(page.refresh);
  const remove = useAction(contentAdminApi.deleteWrongWords, done);
  const [importing, setImporting] = useState(false);

  return (
    <ListPage
      resource={wrongWords}
      page={page}
      toolbar={
        <>
          <Auth perm="content:wrongword:import">
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              导入
            </Button>
          </Auth>
          <BatchDelete
            perm="content:wrongword:delete"
            count={selected.length}
            question={`确定删除选中的${selected.length}个易错词吗？`}
            onConfirm={() => remove(selected)}
          />
        </>
      }
      table={{ rowSelection }}
    >
      <WrongWordImportDialog open={importing} onClose={() => setImporting(false)} onImported={page.refresh} />
    </ListPage>
  );
}
