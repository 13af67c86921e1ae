import { contentMessages, type AdminTypeItemDto, type SaveTypeBody } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { RecordDialog, type EditDialogProps } from '../../../list';
import { TextItem } from '../../../shared/TextItem';
import { SortNumberItem, StatusItem } from '../fields';

type TypeForm = Pick<SaveTypeBody, 'Name' | 'SortNumber' | 'Status'>;

interface TypeDialogProps extends EditDialogProps<AdminTypeItemDto> {
  /** The list (1, 2 or 3) a new item joins. */
  type: SaveTypeBody['Type'];
  typeLabel: string;
}

const formValues = (item: AdminTypeItemDto | null): TypeForm =>
  item ? { Name: item.Name, SortNumber: item.SortNumber, Status: item.Status } : { Name: '', SortNumber: 0, Status: 1 };

/** 新增/修改类型: name (unique within its list), order, status. */
export function TypeDialog({ type, typeLabel, ...props }: TypeDialogProps) {
  return (
    <RecordDialog<AdminTypeItemDto, TypeForm>
      noun={typeLabel}
      values={formValues}
      save={(values, item) => contentAdminApi.saveType({ ...values, Id: item?.Id ?? 0, Type: type })}
      {...props}
    >
      <TextItem name="Name" label="名称" rules={[{ required: true, message: contentMessages.typeNameRequired }, { max: 100 }]} maxLength={100} />
      <SortNumberItem />
      <StatusItem />
    </RecordDialog>
  );
}
