import { Form, Radio } from 'antd';
import {
  proofreadingMessages,
  wrongWordFields,
  wrongWordSeverityNames,
  wrongWordSeverities,
  WRONG_WORD_MAX,
  type SaveWrongWordBody,
  type WrongWordDto,
} from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { RecordDialog, type EditDialogProps } from '../../../list';
import { TextItem } from '../../../shared/TextItem';
import { schemaRule } from '../fields';

type WrongWordForm = Omit<SaveWrongWordBody, 'Id'>;

const formValues = (word: WrongWordDto | null): WrongWordForm =>
  word ? { Wrong: word.Wrong, Right: word.Right, Severity: word.Severity } : { Wrong: '', Right: '', Severity: 'normal' };

export const severityOptions = wrongWordSeverities.map((value) => ({ label: wrongWordSeverityNames[value], value }));

/** 新增/修改易错词: the wrong form, the right one, and whether an inspection counts it as 严重. */
export function WrongWordDialog(props: EditDialogProps<WrongWordDto>) {
  return (
    <RecordDialog<WrongWordDto, WrongWordForm>
      noun="易错词"
      values={formValues}
      save={(values, word) => contentAdminApi.saveWrongWord({ ...values, Id: word?.Id ?? 0 })}
      {...props}
    >
      <TextItem name="Wrong" label="错误写法" rules={[schemaRule(wrongWordFields.Wrong)]} maxLength={WRONG_WORD_MAX} placeholder="例如：按装" />
      <TextItem
        name="Right"
        label="正确写法"
        rules={[
          schemaRule(wrongWordFields.Right),
          // The server also reads full- and half-width forms and letter case as one.
          ({ getFieldValue }) => ({
            validator: (_, right: string | undefined) =>
              right && right === getFieldValue('Wrong') ? Promise.reject(new Error(proofreadingMessages.sameForms)) : Promise.resolve(),
          }),
        ]}
        maxLength={WRONG_WORD_MAX}
        placeholder="例如：安装"
      />
      <Form.Item name="Severity" label="级别" extra="严重：检查中按严重错别字计，如国家、党的名称和政治术语写错">
        <Radio.Group options={severityOptions} />
      </Form.Item>
    </RecordDialog>
  );
}
