import { Form } from 'antd';
import { messageBoardMessages, messageLimits, type MessageCategoryDto } from '@portal/shared';
import { messagesAdminApi, type SaveCategoryBody } from '../../../../api/messages-admin';
import { RecordDialog, type EditDialogProps } from '../../../list';
import { TextItem } from '../../../shared/TextItem';
import { WholeNumberInput } from '../../../shared/WholeNumberInput';
import { SortNumberItem, StatusItem } from '../../content/fields';

type CategoryForm = Omit<SaveCategoryBody, 'CategoryId'>;

const formValues = (c: MessageCategoryDto | null): CategoryForm =>
  c ? { Name: c.Name, DeadlineDays: c.DeadlineDays, SortNumber: c.SortNumber, Status: c.Status } : { Name: '', DeadlineDays: 5, SortNumber: 0, Status: 1 };

/** 新增/修改留言类别: name, reply deadline in working days (for messages received afterwards), order, status. */
export function CategoryDialog(props: EditDialogProps<MessageCategoryDto>) {
  return (
    <RecordDialog<MessageCategoryDto, CategoryForm>
      noun="留言类别"
      values={formValues}
      save={(values, c) => messagesAdminApi.saveCategory({ ...values, CategoryId: c?.Id ?? 0 })}
      {...props}
    >
      <TextItem name="Name" label="类别名称" rules={[{ required: true, message: '请输入类别名称' }]} maxLength={messageLimits.categoryName} />
      <Form.Item
        name="DeadlineDays"
        label="办理时限"
        extra="工作日（按工作日历扣除节假日）；修改后对此后收到的留言生效"
        rules={[{ required: true, type: 'integer', min: 1, max: messageLimits.deadlineDays, message: messageBoardMessages.deadlineInvalid }]}
      >
        <WholeNumberInput addonAfter="个工作日" style={{ width: 180 }} />
      </Form.Item>
      <SortNumberItem />
      <StatusItem
        label="状态"
        options={[
          { label: '启用', value: 1 },
          { label: '停用', value: 0 },
        ]}
      />
    </RecordDialog>
  );
}
