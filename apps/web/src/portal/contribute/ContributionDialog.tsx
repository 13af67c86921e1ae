import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { contributionMenu, dialogWidth, messages, type MyNewsItemDto, type SaveContributionBody } from '@portal/shared';
import { contributionsApi, contributionUploadPath } from '../../api/contributions';
import { ImageUpload } from '../../components/FileUpload';
import { RichTextEditor } from '../../components/RichTextEditor';
import { PrivacyConsent, usePrivacyConsent } from '../../components/PrivacyConsent';
import { useFormSubmit } from '../../components/useFormSubmit';

type Values = Pick<SaveContributionBody, 'Title' | 'MenuId' | 'ImageUrl' | 'NewContent'>;

interface ContributionDialogProps {
  /** The rejected article being revised, 'new' for a new one; null when closed. */
  editing: MyNewsItemDto | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 投稿 / 修改投稿 (spec §2 contribution centre, §5): title, menu (在线投稿 under 协会期刊 chosen
 * and locked when it exists), cover picture (jpg/png up to 900 KB, checked before upload) and
 * the rich-text editor, which loads only when the dialog opens. A revision resubmits the
 * rejected article for review.
 */
export function ContributionDialog({ editing, onClose, onSaved }: ContributionDialogProps) {
  const [form] = Form.useForm<Values>();
  const open = editing !== null;
  const article = editing === 'new' ? null : editing;
  const menus = useQuery({ queryKey: ['contributionMenus'], queryFn: contributionsApi.menus, enabled: open });
  const fixed = menus.data?.find((m) => m.Name === contributionMenu.child && m.ParentName === contributionMenu.parent);
  // The body of a revision is read from the article itself (the author sees it in full).
  const body = useQuery({
    queryKey: ['myArticle', article?.NewsId],
    queryFn: () => contributionsApi.article(article!.NewsId),
    enabled: open && article !== null,
    gcTime: 0,
  });

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      Title: article?.Title ?? '',
      MenuId: article?.MenuId ?? fixed?.MenuId,
      ImageUrl: article?.ImageUrl ?? '',
      NewContent: body.data?.NewContent ?? '',
    });
  }, [open, article, fixed, body.data, form]);

  const consent = usePrivacyConsent();
  const { submit, saving } = useFormSubmit(
    form,
    (values) => consent.sendWith((PrivacyVersion) => contributionsApi.save({ ...values, NewsId: article?.NewsId ?? 0, PrivacyVersion })),
    onSaved,
  );

  return (
    <Modal
      title={article ? '修改投稿' : '投稿'}
      open={open}
      width={dialogWidth.large}
      onOk={submit}
      okText="提交"
      onCancel={onClose}
      afterOpenChange={(visible) => !visible && consent.field.onChange(false)}
      confirmLoading={saving}
      mask={{ closable: false }}
      destroyOnHidden
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto' } }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="Title" label="标题" rules={[{ required: true, whitespace: true, message: messages.titleRequired }, { max: 200 }]}>
          <Input placeholder="请输入标题" maxLength={200} />
        </Form.Item>
        <Form.Item name="MenuId" label="所属菜单" rules={[{ required: true, message: messages.menuRequired }]}>
          <Select
            placeholder="请选择所属菜单"
            loading={menus.isLoading}
            disabled={fixed !== undefined}
            options={(menus.data ?? []).map((m) => ({ value: m.MenuId, label: m.ParentName ? `${m.ParentName} / ${m.Name}` : m.Name }))}
          />
        </Form.Item>
        <Form.Item name="ImageUrl" label="封面图片" extra="支持 jpg、png，不超过900kb">
          <ImageUpload upload={contributionsApi.uploadImage} />
        </Form.Item>
        <Form.Item name="NewContent" label="正文">
          <RichTextEditor uploadUrl={`/api/${contributionUploadPath}`} uploadSide="member" />
        </Form.Item>
      </Form>
      <PrivacyConsent {...consent.field} />
    </Modal>
  );
}
