import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Form, Input, Modal, Row, Tabs, type FormInstance } from 'antd';
import { dialogWidth, editMemberForm, editMemberPwdForm, memberLimits, messages, type EditMemberForm, type MemberProfileDto } from '@portal/shared';
import { membersApi, type MemberPasswordForm } from '../../api/members';
import { useFormSubmit } from '../../components/useFormSubmit';
import { CompanyDetailFields } from './CompanyDetailFields';
import { DirectoryFields } from './DirectoryFields';
import { schemaRule } from './schemaRule';

/** Checks a form, sends it, reports 修改成功; a refused call has been shown by the API client. */
function useSave<T>(form: FormInstance<T>, save: (values: T) => Promise<unknown>, onDone: () => void) {
  const { message } = App.useApp();
  return useFormSubmit(form, save, () => {
    void message.success(messages.saved);
    onDone();
  });
}

const checkedOn = ['onBlur', 'onSubmit'];

/** 个人信息: the association's fields read-only, the member's own details editable (EditMember). */
function ProfileTab({ profile }: { profile: MemberProfileDto }) {
  const [form] = Form.useForm<EditMemberForm>();
  const queryClient = useQueryClient();
  const rule = (field: keyof EditMemberForm) => [schemaRule(editMemberForm, field)];
  const { submit, saving } = useSave(
    form,
    (values) => membersApi.editProfile(editMemberForm.parse(values)),
    () => void queryClient.invalidateQueries({ queryKey: ['memberInfo'] }),
  );

  return (
    <Form form={form} layout="vertical" initialValues={profile} validateTrigger={checkedOn} onFinish={() => void submit()}>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item label="账号" htmlFor="member-Account">
            <Input id="member-Account" value={profile.Account} disabled />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="公司名称" htmlFor="member-MemberName">
            <Input id="member-MemberName" value={profile.MemberName} disabled />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="单位归类" htmlFor="member-CompanyTypeName">
            <Input id="member-CompanyTypeName" value={profile.CompanyTypeName} disabled />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="会员等级" htmlFor="member-MemberLevelName">
            <Input id="member-MemberLevelName" value={profile.MemberLevelName} disabled />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="DailyOperator" label="联络人" rules={rule('DailyOperator')}>
            <Input placeholder="请输入联络人" maxLength={memberLimits.dailyOperator} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="OperatorPhone" label="联系电话" rules={rule('OperatorPhone')}>
            <Input placeholder="请输入联系电话" inputMode="tel" maxLength={30} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="LegalPerson" label="负责人" rules={rule('LegalPerson')}>
            <Input placeholder="请输入负责人" maxLength={memberLimits.legalPerson} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="Email" label="邮箱" rules={rule('Email')}>
            <Input placeholder="请输入邮箱" type="email" maxLength={memberLimits.email} />
          </Form.Item>
        </Col>
        <CompanyDetailFields rule={rule} />
        <DirectoryFields rule={rule} />
      </Row>
      <Button type="primary" htmlType="submit" loading={saving}>
        保存
      </Button>
    </Form>
  );
}

/**
 * 修改密码 (spec §5): old, new and repeated new password; success closes the dialog. The
 * member's account rides along in the form, unsent, for the rule that the new password must not
 * hold it.
 */
function PasswordTab({ account, onDone }: { account: string; onDone: () => void }) {
  const [form] = Form.useForm<MemberPasswordForm & { Account: string }>();
  const rule = (field: keyof MemberPasswordForm) => [schemaRule(editMemberPwdForm, field)];
  const { submit, saving } = useSave(form, ({ Pwd, Newpwd, againNewpwd }) => membersApi.changePassword({ Pwd, Newpwd, againNewpwd }), onDone);
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ Account: account }}
      validateTrigger={checkedOn}
      onFinish={() => void submit()}
      style={{ maxWidth: 420 }}
    >
      <Form.Item name="Pwd" label="旧密码" rules={rule('Pwd')}>
        <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="Newpwd" label="新密码" rules={rule('Newpwd')}>
        <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="againNewpwd" label="确认新密码" dependencies={['Newpwd']} rules={rule('againNewpwd')}>
        <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        确定
      </Button>
    </Form>
  );
}

/**
 * The member's user-info dialog (spec §2 "Member dialogs"): 700 px, two tabs, opened from the
 * header account. While the password is an initial one the staff know (GetUserInfo.MustChangePwd,
 * an imported member's first sign-in) it opens by itself on the password alone and cannot be
 * dismissed: the server refuses every other member call until the password is replaced, and
 * everything is read again once it is.
 */
export function UserInfoDialog({ open, onClose, profile }: { open: boolean; onClose: () => void; profile: MemberProfileDto | undefined }) {
  const queryClient = useQueryClient();
  const required = profile?.MustChangePwd === true;
  const password = <PasswordTab account={profile?.Account ?? ''} onDone={required ? () => void queryClient.invalidateQueries() : onClose} />;
  if (required)
    return (
      <Modal
        title="首次登录，请设置新密码"
        open
        width={dialogWidth.medium}
        mask={{ closable: false }}
        footer={null}
        closable={false}
        keyboard={false}
        destroyOnHidden
      >
        <p>您的密码是协会导入会员时生成的初始密码，请设置一个只有您知道的新密码后继续使用会员服务。</p>
        {password}
      </Modal>
    );
  return (
    <Modal title="用户信息" open={open} width={dialogWidth.medium} mask={{ closable: false }} footer={null} onCancel={onClose} destroyOnHidden>
      <Tabs
        items={[
          { key: 'profile', label: '个人信息', children: profile && <ProfileTab profile={profile} /> },
          { key: 'password', label: '修改密码', children: password },
        ]}
      />
    </Modal>
  );
}
