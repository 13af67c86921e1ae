import { Cascader, Col, DatePicker, Form, Radio, Row, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ArticleStatus, messages, type AdminNewsItemDto, type NewsDetailDto } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { ImageUpload } from '../../../../components/FileUpload';
import { pickerClassNames } from '../../../../components/pickerPopup';
import { RichTextEditor } from '../../../../components/RichTextEditor';
import { adminQueryKeys } from '../../../session/queries';
import { useRecordForm, type EditDialogProps } from '../../../list';
import { EditorDialog } from '../../../shared/EditorDialog';
import { TextItem } from '../../../shared/TextItem';
import { statusOptions } from '../../system/status';
import { menuPath, toMenuOptions } from '../menuOptions';
import { useContentMenus } from '../menuTree';

interface NewsForm {
  Title: string;
  Menu: number[];
  ImageUrl: string;
  NewContent: string;
  Status: number;
  IsTop: boolean;
  IsMemberRead: boolean;
  NewsCreateTime: Dayjs | null;
  Author: string;
}

const timeFormat = 'YYYY-MM-DD HH:mm:ss';

/** 新增/修改文章: title, menu, cover, body in the rich-text editor, status, flags, publish time and author. */
export function NewsDialog({ editing, onClose, onSaved }: EditDialogProps<AdminNewsItemDto>) {
  const menus = useContentMenus();
  const { form, id, open, record, submit, saving } = useRecordForm<AdminNewsItemDto, NewsDetailDto, NewsForm>({
    editing,
    onSaved,
    id: (news) => news.NewsId,
    key: [...adminQueryKeys.all, 'newsDetail'],
    fetch: contentAdminApi.newsDetail,
    // No publish time unless the editor picks one: the server then stamps the time of saving,
    // not the time this dialog happened to open.
    blank: () => ({ Title: '', Menu: [], ImageUrl: '', NewContent: '', Status: ArticleStatus.Published, IsTop: false, IsMemberRead: false, NewsCreateTime: null, Author: '' }),
    fill: (news) => ({
      Title: news.Title,
      Menu: menuPath(menus.data ?? [], news.MenuId),
      ImageUrl: news.ImageUrl,
      NewContent: news.NewContent,
      Status: news.Status,
      IsTop: news.IsTop,
      IsMemberRead: news.IsMemberRead,
      NewsCreateTime: news.NewsCreateTime ? dayjs(news.NewsCreateTime) : null,
      Author: news.Author,
    }),
    // The article's menu is shown as its path in the tree.
    ready: menus.data !== undefined,
    save: ({ Menu, NewsCreateTime, ...values }, newsId) =>
      contentAdminApi.saveNews({ ...values, NewsId: newsId, MenuId: Menu.at(-1), NewsCreateTime: NewsCreateTime?.format(timeFormat) ?? '' }),
  });

  // A contribution under review keeps its state unless the editor chooses 正常 or 停用.
  const status = record.data?.Status;
  const statusChoices = status === ArticleStatus.Rejected || status === ArticleStatus.UnderReview
    ? [...statusOptions, { label: status === ArticleStatus.Rejected ? '审核不通过' : '审核中', value: status }]
    : statusOptions;

  const loading = menus.isLoading || record.isLoading;
  return (
    <EditorDialog title={id ? '修改文章' : '新增文章'} open={open} onOk={submit} onCancel={onClose} saving={saving} loading={loading}>
      <Form form={form} labelCol={{ flex: '96px' }} preserve={false}>
        <Row gutter={16}>
          <Col span={14}>
            <TextItem name="Title" label="标题" rules={[{ required: true, message: messages.titleRequired }, { max: 200 }]} maxLength={200} showCount />
          </Col>
          <Col span={10}>
            <Form.Item name="Menu" label="所属栏目" rules={[{ required: true, type: 'array', min: 1, message: messages.menuRequired }]}>
              <Cascader options={toMenuOptions(menus.data ?? [])} changeOnSelect placeholder="请选择所属栏目" expandTrigger="hover" showSearch />
            </Form.Item>
          </Col>
          <Col span={14}>
            <TextItem name="Author" label="作者" rules={[{ max: 100 }]} maxLength={100} />
          </Col>
          <Col span={10}>
            <Form.Item name="NewsCreateTime" label="发布时间">
              <DatePicker showTime format={timeFormat} style={{ width: '100%' }} classNames={pickerClassNames} placeholder="不填则为保存时间" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="Status" label="状态">
              <Radio.Group options={statusChoices} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="IsTop" label="置顶" valuePropName="checked">
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="IsMemberRead" label="会员可见" valuePropName="checked">
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="ImageUrl" label="封面图片" extra="支持 jpg、png 格式，不超过 900KB">
          <ImageUpload />
        </Form.Item>
        <Form.Item name="NewContent" label="正文">
          <RichTextEditor />
        </Form.Item>
      </Form>
    </EditorDialog>
  );
}
