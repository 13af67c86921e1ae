import { App, Form } from 'antd';
import { messages, saveCandidateBody, type ElectionCandidateDto } from '@portal/shared';
import { electionsAdminApi } from '../../../../api/elections';
import { ImageUpload } from '../../../../components/FileUpload';
import { RecordDialog } from '../../../list';
import { TextItem } from '../../../shared/TextItem';
import { SortNumberItem, schemaRule } from '../../content/fields';

interface CandidateForm {
  Name: string;
  Bio: string;
  Photo: string;
  SortNumber: number;
}

const { shape } = saveCandidateBody;

interface CandidateDialogProps {
  electionId: number;
  editing: ElectionCandidateDto | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 新增候选人 / 修改候选人: name, a short biography, a photo and the place on the ballot. A member
 * nominated keeps their account (MemberId), which the form leaves as it is.
 */
export function CandidateDialog({ electionId, editing, onClose, onSaved }: CandidateDialogProps) {
  const { message } = App.useApp();
  return (
    <RecordDialog<ElectionCandidateDto, CandidateForm>
      noun="候选人"
      editing={editing}
      values={(c) => ({ Name: c?.Name ?? '', Bio: c?.Bio ?? '', Photo: c?.Photo ?? '', SortNumber: c?.SortNumber ?? 0 })}
      save={(values, c) => electionsAdminApi.saveCandidate({ ...values, Id: c?.Id ?? 0, ElectionId: electionId })}
      onClose={onClose}
      onSaved={() => {
        void message.success(editing === 'new' ? messages.ok : messages.saved);
        onSaved();
      }}
    >
      <TextItem name="Name" label="姓名" rules={[schemaRule(shape.Name)]} maxLength={100} />
      <TextItem name="Bio" label="简介" rules={[]} maxLength={2000} maxRows={6} placeholder="任职单位、职务、主要经历等，会员投票时可见" />
      <Form.Item name="Photo" label="照片" extra="jpg/png，不超过900K">
        <ImageUpload />
      </Form.Item>
      <SortNumberItem />
    </RecordDialog>
  );
}
