import { Checkbox, Col, Form, Input, type FormRule } from 'antd';
import { directoryContactFields, directoryLimits } from '@portal/shared';

export type DirectoryField = 'Region' | 'Website' | 'DirectoryListed' | 'DirectoryContacts';

const contactOptions = Object.entries(directoryContactFields).map(([value, label]) => ({ value, label }));

/**
 * 会员名录 choices as grid columns inside a form's <Row>: 所在地区, 网址, whether the company is
 * listed, and which contact details the listing shows (none unless ticked). The member's profile
 * and the back office's member dialog both carry them.
 */
export function DirectoryFields({ rule }: { rule: (field: DirectoryField) => FormRule[] }) {
  const listed = Form.useWatch<boolean | undefined>('DirectoryListed', Form.useFormInstance());
  return (
    <>
      <Col xs={24} sm={12}>
        <Form.Item name="Region" label="所在地区" rules={rule('Region')}>
          <Input placeholder="如：北京市" maxLength={directoryLimits.region} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="Website" label="单位网址" rules={rule('Website')}>
          <Input placeholder="https://" inputMode="url" maxLength={directoryLimits.website} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="DirectoryListed"
          label="会员名录"
          valuePropName="checked"
          extra="公开单位名称、会员等级、所在地区、主营业务和网址"
          rules={rule('DirectoryListed')}
        >
          <Checkbox>在会员名录中展示本单位</Checkbox>
        </Form.Item>
      </Col>
      {listed && (
        <Col span={24}>
          <Form.Item name="DirectoryContacts" label="公开联系方式" extra="未勾选的联系方式不会在名录中公开" rules={rule('DirectoryContacts')}>
            <Checkbox.Group options={contactOptions} />
          </Form.Item>
        </Col>
      )}
    </>
  );
}
