import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Radio, Row, Select, type FormRule } from 'antd';
import {
  certLimits,
  certMessages,
  certRecordIssues,
  CertStatus,
  certStatusNames,
  dialogWidth,
  editCertInfoBody,
  ExamStatus,
  IdType,
  isMaskedIdNumber,
  normaliseCertNum,
  normaliseIdNumber,
  type CertField,
  type EditCertInfoBody,
} from '@portal/shared';
import { certificatesAdminApi } from '../../../api/certificates-admin';
import { useFormSubmit } from '../../../components/useFormSubmit';
import { schemaRule } from '../../../portal/member/schemaRule';
import { dayValueProps, trimmed } from '../../shared/normalize';
import { certificatesKey, examStatusOptions, idTypeOptions, type CertPageSpec } from './certPages';
import { PastDatePicker } from '../../../components/PastDatePicker';
import { FormDialog } from '../../shared/FormDialog';
import { TextItem } from '../../shared/TextItem';

type Values = Omit<EditCertInfoBody, '_certId' | 'View'>;
type Field = keyof Values;

/**
 * The rules between fields (the ID number against its document type; certificate number and
 * issue date with a pass), from the same function the server's schema uses. The schema alone
 * reports them only once every field is valid; this says them as soon as the field is left.
 * A masked number is the one shown to staff who may not see it whole: left as it is, it keeps
 * the stored number (the server refuses any other masked text).
 */
const crossRule =
  (field: CertField): FormRule =>
  ({ getFieldsValue }) => ({
    validator: async () => {
      const v = getFieldsValue(true) as Partial<Values>;
      const examStatus = v._examStatus;
      const issue = certRecordIssues({
        name: '',
        company: '',
        remarks: '',
        idType: v._idType ?? IdType.Mainland,
        idNum: normaliseIdNumber(v._idNum ?? ''),
        examTime: v._examTime ?? '',
        examStatus: examStatus ?? ExamStatus.Absent,
        certNum: normaliseCertNum(v._certNum ?? ''),
        issueDate: v._issueDate ?? '',
      }).find((i) => i.field === field && (field === 'idNum' ? !isMaskedIdNumber(v._idNum ?? '') : examStatus !== undefined));
      if (issue) throw new Error(issue.message);
    },
  });
/** Each field checked by the schema the server validates EditCertInfo with: the same messages. */
const rule = (field: Field): FormRule[] => {
  const own = schemaRule(editCertInfoBody, field);
  const cross = field.slice(1) as CertField;
  return cross === 'idNum' || cross === 'certNum' || cross === 'issueDate' ? [own, crossRule(cross)] : [own];
};
/** 证书列表 holds passed results only; the server says so too, this says it before sending. */
const passedOnly: FormRule = {
  validator: async (_, value: unknown) => {
    if (value !== ExamStatus.Passed) throw new Error(certMessages.notInCertView);
  },
};
const statusOptions = [CertStatus.Normal, CertStatus.Hidden].map((value) => ({ label: certStatusNames[value], value }));

interface CertDialogProps {
  page: CertPageSpec;
  /** The record to edit, 0 to add one, null when closed. */
  certId: number | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 新增 / 修改 one exam result (1000 px). The ID number is checked by its document type (the
 * GB 11643 check character for 居民身份证); a certificate number and issue date go with a pass
 * only, so those two fields are closed for other results.
 */
export function CertDialog({ page, certId, onClose, onSaved }: CertDialogProps) {
  const [form] = Form.useForm<Values>();
  const open = certId !== null;
  const isNew = certId === 0;
  const model = useQuery({
    queryKey: [...certificatesKey, 'model', page.view, certId],
    queryFn: () => certificatesAdminApi.model(certId!, page.view),
    enabled: open && !isNew,
    gcTime: 0,
  });
  const record = open && !isNew ? model.data : undefined;
  const passed = Form.useWatch('_examStatus', form) === ExamStatus.Passed;

  useEffect(() => {
    if (isNew)
      form.setFieldsValue({ _idType: IdType.Mainland, _status: CertStatus.Normal, ...(page.view === 'cert' ? { _examStatus: ExamStatus.Passed } : {}) });
    else if (record) form.setFieldsValue(record as Values);
  }, [isNew, record, form, page.view]);

  const { submit, saving } = useFormSubmit(
    form,
    (values) => certificatesAdminApi.save(editCertInfoBody.parse({ ...values, _certId: certId ?? 0, View: page.view })),
    onSaved,
  );

  return (
    <FormDialog
      title={`${isNew ? '新增' : '修改'}${page.noun}`}
      open={open}
      width={dialogWidth.large}
      onOk={() => void submit()}
      onCancel={onClose}
      saving={saving}
      loading={!isNew && model.isLoading}
      okDisabled={!isNew && !record}
    >
      <Form
        form={form}
        labelCol={{ flex: '100px' }}
        preserve={false}
        validateTrigger={['onBlur', 'onSubmit']}
        onValuesChange={(changed: Partial<Values>) => {
          // Another result than 合格 carries no certificate: clear what was typed for one.
          if ('_examStatus' in changed && changed._examStatus !== ExamStatus.Passed) form.setFieldsValue({ _certNum: '', _issueDate: '' });
        }}
      >
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <TextItem name="_name" label="姓名" rules={rule('_name')} maxLength={certLimits.name} />
          </Col>
          <Col xs={24} md={12}>
            <TextItem name="_company" label="工作单位" rules={rule('_company')} maxLength={certLimits.company} />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="_idType" label="证件类型" rules={rule('_idType')}>
              <Select placeholder="请选择证件类型" options={idTypeOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="_idNum"
              label="证件号码"
              normalize={trimmed}
              required
              rules={rule('_idNum')}
              dependencies={['_idType']}
              validateFirst
              extra={record && isMaskedIdNumber(record._idNum) ? '号码已打码：不改动则保留原号码，更正时请填写完整号码' : undefined}
            >
              <Input placeholder="居民身份证18位，最后一位可为X" maxLength={20} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="_examTime" label="考试时间" rules={rule('_examTime')} {...dayValueProps}>
              <PastDatePicker placeholder="请选择考试时间" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="_examStatus" label="考试结果" required rules={[...rule('_examStatus'), ...(page.view === 'cert' ? [passedOnly] : [])]}>
              <Radio.Group options={examStatusOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="_certNum"
              label="证书编号"
              normalize={trimmed}
              required={passed}
              rules={rule('_certNum')}
              dependencies={['_examStatus']}
              validateFirst
            >
              <Input placeholder={passed ? '请输入证书编号' : '考试合格后填写'} maxLength={certLimits.certNum} disabled={!passed} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="_issueDate"
              label="发证日期"
              required={passed}
              rules={rule('_issueDate')}
              dependencies={['_examStatus', '_examTime']}
              validateFirst
              {...dayValueProps}
            >
              <PastDatePicker placeholder={passed ? '请选择发证日期' : '考试合格后填写'} disabled={!passed} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="_status" label="状态">
              <Radio.Group options={statusOptions} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <TextItem name="_remarks" label="备注" rules={rule('_remarks')} maxLength={certLimits.remarks} maxRows={4} />
          </Col>
        </Row>
      </Form>
    </FormDialog>
  );
}
