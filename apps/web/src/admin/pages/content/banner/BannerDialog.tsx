import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import { contentMessages, dialogWidth, saveBannerBody, type AdminBannerDto, type SaveBannerBody } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { ImageUpload } from '../../../../components/FileUpload';
import { trimmed } from '../../../shared/normalize';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { schemaRule, SortNumberItem, StatusItem } from '../fields';

type BannerForm = Omit<SaveBannerBody, 'Id'>;

/** Spec §9: banners of type 2 are the home carousel. */
export const homeBannerType = 2;

interface BannerDialogProps {
  /** The banner to edit, 'new' to add one; null when closed. */
  editing: AdminBannerDto | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增/修改轮播图: type, picture, title, jump address, order, status. */
export function BannerDialog({ editing, onClose, onSaved }: BannerDialogProps) {
  const [form] = Form.useForm<BannerForm>();
  const banner = editing === 'new' ? null : editing;

  useEffect(() => {
    if (!editing) return;
    form.setFieldsValue(
      banner
        ? { Type: banner.Type, ImageUrl: banner.ImageUrl, Title: banner.Title, JumpUrl: banner.JumpUrl, SortNumber: banner.SortNumber, Status: banner.Status }
        : { Type: homeBannerType, ImageUrl: '', Title: '', JumpUrl: '', SortNumber: 0, Status: 1 },
    );
  }, [editing, banner, form]);

  const { submit, saving } = useFormSubmit(form, (values) => contentAdminApi.saveBanner({ ...values, Id: banner?.Id ?? 0 }), onSaved);

  return (
    <Modal
      title={banner ? '修改轮播图' : '新增轮播图'}
      open={editing !== null}
      width={dialogWidth.medium}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form form={form} labelCol={{ flex: '96px' }} preserve={false}>
        <Form.Item name="Type" label="类型" extra="2 为首页轮播图" rules={[{ required: true, type: 'integer', min: 1, max: 99 }]}>
          <InputNumber min={1} max={99} precision={0} controls={false} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="ImageUrl" label="图片" rules={[{ required: true, message: contentMessages.imageRequired }]} extra="支持 jpg、png 格式，不超过 900KB">
          <ImageUpload />
        </Form.Item>
        <Form.Item name="Title" label="标题" normalize={trimmed} rules={[{ max: 200 }]}>
          <Input placeholder="请输入标题" maxLength={200} />
        </Form.Item>
        <Form.Item name="JumpUrl" label="跳转地址" normalize={trimmed} rules={[schemaRule(saveBannerBody.shape.JumpUrl)]}>
          <Input placeholder="http(s)://… 或 /站内路径" maxLength={500} />
        </Form.Item>
        <SortNumberItem />
        <StatusItem />
      </Form>
    </Modal>
  );
}
