import { Col, Form, Input, type FormRule } from 'antd';
import { memberLimits } from '@portal/shared';

/** The optional company details both the application and the profile carry. */
export type CompanyDetailField = 'CompanyMent' | 'RegAddress' | 'Mainbusiness' | 'Remarks';

/**
 * 单位性质, 注册地址, 主营业务 and 备注 as grid columns inside a form's <Row>; `rule` checks each
 * with the form's own shared schema.
 */
export function CompanyDetailFields({ rule }: { rule: (field: CompanyDetailField) => FormRule[] }) {
  return (
    <>
      <Col xs={24} sm={12}>
        <Form.Item name="CompanyMent" label="单位性质" rules={rule('CompanyMent')}>
          <Input placeholder="请输入单位性质" maxLength={memberLimits.companyMent} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="RegAddress" label="注册地址" rules={rule('RegAddress')}>
          <Input placeholder="请输入注册地址" maxLength={memberLimits.regAddress} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="Mainbusiness" label="主营业务" rules={rule('Mainbusiness')}>
          <Input.TextArea placeholder="请输入主营业务" rows={2} maxLength={memberLimits.mainbusiness} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="Remarks" label="备注" rules={rule('Remarks')}>
          <Input.TextArea placeholder="请输入备注" rows={2} maxLength={memberLimits.remarks} />
        </Form.Item>
      </Col>
    </>
  );
}
