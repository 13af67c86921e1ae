import { Form, Input } from 'antd';
import { contentMessages, type AdminTypeItemDto, type SaveTypeBody } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { RecordDialog, type EditDialogProps } from '../../../list';
import { trimmed } from '../../../shared/normalize';
import { SortNumberItem, StatusItem } from '../fields';

type TypeForm = Pick<SaveTypeBody, 'Name' | 'SortNumber' | 'Status'>;

interface TypeDialogProps extends EditDialogProps<AdminTypeItemDto> {
  /** The list (1, 2 or 3) a new item joins. */
  type: SaveTypeBody['Type'];
  typeLabel: string;
}

const formValues = (item: AdminTypeItemDto | null): TypeForm => (item ? { Name: item.Name, SortNumber: item.SortNumber, Status: item.Status } : { Name: '', SortNumber: 0, Status: 1 });

/** 新增/修改类型: name (unique within its list), order, status. */
export function TypeDialog({ type, typeLabel, ...props }: TypeDialogProps) {
  return (
    <RecordDialog<AdminTypeItemDto, TypeForm> noun={typeLabel} values={formValues} save={(values, item) => contentAdminApi.saveType({ ...values, Id: item?.Id ?? 0, Type: type })} {...props}>
      <Form.Item name="Name" label="名称" normalize={trimmed} rules={[{ required: true, message: contentMessages.typeNameRequired }, { max: 100 }]}>
        <Input placeholder="请输入名称" maxLength={100} />
      </Form.Item>
      <SortNumberItem />
      <StatusItem />
    </RecordDialog>
  );
}
