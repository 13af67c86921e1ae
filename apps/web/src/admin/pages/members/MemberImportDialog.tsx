import { useState } from 'react';
import { Form, Input } from 'antd';
import { memberImportMessages, passwordProblem } from '@portal/shared';
import { memberImportApi } from '../../../api/member-import';
import { SpreadsheetImportDialog } from '../../shared/SpreadsheetImportDialog';

export interface MemberImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** After members were imported: the list reloads. */
  onImported: () => void;
}

/**
 * 导入会员: an association's member list from its spreadsheet (the template's or an export's
 * columns, any order), all rows or none, each imported member signing in with the initial
 * password given here. Opened by a button under permission member:import.
 */
export function MemberImportDialog({ open, onClose, onImported }: MemberImportDialogProps) {
  const [password, setPassword] = useState('');
  // Whether it holds a row's account, and whether it is too common, the server reports.
  const problem = password === '' ? null : passwordProblem(password);
  return (
    <SpreadsheetImportDialog
      title="导入会员"
      open={open}
      onClose={() => {
        setPassword('');
        onClose();
      }}
      onImported={onImported}
      hint="请使用导入模板或会员列表的导出文件填写：表头须含账号、公司名称、单位归类、会员等级、负责人、手机号码、邮箱，其余列可选，列的顺序不限。单位归类和会员等级填类型管理中已启用的名称；入会日期留空为今天，有效期至留空为长期有效；填写缴费金额、缴费日期、收据编号时登记该会员最近一次缴费。文件中任何一行有误则整份不导入，请按错误报告修改后重新导入。"
      downloadTemplate={memberImportApi.template}
      send={(file, progress) => memberImportApi.importFile(file, password, progress)}
      ready={password !== '' && problem === null}
    >
      <Form layout="vertical" component="div">
        {/* No form field name: the label is tied to the input by id, so it names it for screen readers. */}
        <Form.Item
          label="初始密码"
          htmlFor="member-import-password"
          required
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? '导入的会员均以此密码登录，请告知会员并提醒其登录后修改'}
        >
          <Input.Password
            id="member-import-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            placeholder={memberImportMessages.passwordRequired}
            autoComplete="new-password"
          />
        </Form.Item>
      </Form>
    </SpreadsheetImportDialog>
  );
}
