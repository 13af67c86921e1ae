import { useState } from 'react';
import { Alert, Button, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { MemberImportResultDto } from '@portal/shared';
import { saveFile } from '../../../api/client';
import { memberImportApi } from '../../../api/member-import';
import { initialPasswordsCsv, initialPasswordsName } from '../../shared/importReport';
import { SpreadsheetImportDialog } from '../../shared/SpreadsheetImportDialog';

export interface MemberImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** After members were imported: the list reloads. */
  onImported: () => void;
}

type Imported = { sheet: string; accounts: MemberImportResultDto['Accounts'] };

/**
 * 导入会员: an association's member list from its spreadsheet (the template's or an export's
 * columns, any order), all rows or none. Each imported member gets a random initial password
 * (mailed to them when the server sends mail), listed here once for the staff to download and
 * hand over; the member must replace it at the first sign-in. Opened by a button under
 * permission member:import.
 */
export function MemberImportDialog({ open, onClose, onImported }: MemberImportDialogProps) {
  // The passwords are shown this once: the server keeps them only hashed.
  const [imported, setImported] = useState<Imported | null>(null);
  return (
    <SpreadsheetImportDialog
      title="导入会员"
      open={open}
      onClose={() => {
        setImported(null);
        onClose();
      }}
      onImported={onImported}
      hint="请使用导入模板或会员列表的导出文件填写：表头须含账号、公司名称、单位归类、会员等级、负责人、手机号码、邮箱，其余列可选，列的顺序不限。单位归类和会员等级填类型管理中已启用的名称；入会日期留空为今天，有效期至留空为长期有效；填写缴费金额、缴费日期、收据编号时登记该会员最近一次缴费。文件中任何一行有误则整份不导入，请按错误报告修改后重新导入。每个会员的初始密码随机生成，导入后在此下载，会员首次登录须修改。"
      downloadTemplate={memberImportApi.template}
      send={async (file, progress) => {
        setImported(null);
        const { message, accounts } = await memberImportApi.importFile(file, progress);
        setImported({ sheet: file.name, accounts });
        return message;
      }}
    >
      {imported && <InitialPasswords {...imported} />}
    </SpreadsheetImportDialog>
  );
}

/** The imported members' initial passwords, to download as CSV and hand over. */
function InitialPasswords({ sheet, accounts }: Imported) {
  const download = () => saveFile(new Blob([initialPasswordsCsv(accounts)], { type: 'text/csv;charset=utf-8' }), initialPasswordsName(sheet));
  return (
    <>
      <Alert
        type="warning"
        showIcon
        title="初始密码仅显示这一次，请下载后妥善转交会员；会员首次登录须修改初始密码。"
        action={
          <Button size="small" icon={<DownloadOutlined />} onClick={download}>
            下载初始密码
          </Button>
        }
      />
      <Table
        size="small"
        rowKey="Account"
        dataSource={accounts}
        pagination={accounts.length > 10 ? { pageSize: 10, showSizeChanger: false, size: 'small' } : false}
        columns={[
          { title: '行号', dataIndex: 'Row', width: 70 },
          { title: '账号', dataIndex: 'Account' },
          { title: '公司名称', dataIndex: 'MemberName' },
          { title: '初始密码', dataIndex: 'Password', render: (password: string) => <code>{password}</code> },
          { title: '邮件通知', dataIndex: 'Mailed', width: 90, render: (mailed: boolean) => (mailed ? '已发送' : '未发送') },
        ]}
      />
    </>
  );
}
