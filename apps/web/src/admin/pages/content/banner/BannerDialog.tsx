import { Form, Select } from 'antd';
import { bannerTypeName, bannerTypeNames, contentMessages, dialogWidth, saveBannerBody, type AdminBannerDto, type SaveBannerBody } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { ImageUpload } from '../../../../components/FileUpload';
import { RecordDialog, type EditDialogProps } from '../../../list';
import { TextItem } from '../../../shared/TextItem';
import { schemaRule, SortNumberItem, StatusItem } from '../fields';

type BannerForm = Omit<SaveBannerBody, 'Id'>;

/** Spec §9: banners of type 2 are the home carousel. */
export const homeBannerType = 2;

/** The named types, and a stored banner's own type when it has no name (so editing keeps it). */
function typeOptions(current: number | undefined) {
  const types = Object.keys(bannerTypeNames).map(Number);
  if (current !== undefined && !types.includes(current)) types.push(current);
  return types.map((value) => ({ value, label: bannerTypeName(value) }));
}

const formValues = (banner: AdminBannerDto | null): BannerForm =>
  banner
    ? { Type: banner.Type, ImageUrl: banner.ImageUrl, Title: banner.Title, JumpUrl: banner.JumpUrl, SortNumber: banner.SortNumber, Status: banner.Status }
    : { Type: homeBannerType, ImageUrl: '', Title: '', JumpUrl: '', SortNumber: 0, Status: 1 };

/** 新增/修改轮播图: type, picture, title, jump address, order, status. */
export function BannerDialog(props: EditDialogProps<AdminBannerDto>) {
  const banner = props.editing === 'new' ? null : props.editing;
  return (
    <RecordDialog<AdminBannerDto, BannerForm>
      noun="轮播图"
      width={dialogWidth.medium}
      values={formValues}
      save={(values, banner) => contentAdminApi.saveBanner({ ...values, Id: banner?.Id ?? 0 })}
      {...props}
    >
      <Form.Item name="Type" label="类型" rules={[{ required: true, message: '请选择类型' }]}>
        <Select options={typeOptions(banner?.Type)} placeholder="请选择类型" />
      </Form.Item>
      <Form.Item name="ImageUrl" label="图片" rules={[{ required: true, message: contentMessages.imageRequired }]} extra="支持 jpg、png 格式，不超过 900KB">
        <ImageUpload />
      </Form.Item>
      <TextItem name="Title" label="标题" rules={[{ max: 200 }]} maxLength={200} />
      <TextItem name="JumpUrl" label="跳转地址" rules={[schemaRule(saveBannerBody.shape.JumpUrl)]} maxLength={500} placeholder="http(s)://… 或 /站内路径" />
      <SortNumberItem />
      <StatusItem />
    </RecordDialog>
  );
}
