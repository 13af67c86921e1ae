import { useRef, useState } from 'react';
import { Alert, App, Cascader, Col, Form, Radio, Row, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ArticleStatus, messages, type AdminNewsDetailDto, type AdminNewsItemDto, type MenuDto, type SaveNewsBody } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { ImageUpload } from '../../../../components/FileUpload';
import { DatePicker } from '../../../../components/DatePickers';
import { RichTextEditor } from '../../../../components/RichTextEditor';
import type { Proofreader } from '../../../../components/RichTextEditor/proofread';
import { adminQueryKeys } from '../../../session/queries';
import { useRecordForm, type EditDialogProps } from '../../../list';
import { EditorDialog } from '../../../shared/EditorDialog';
import { TextItem } from '../../../shared/TextItem';
import { menuPath, toMenuOptions } from '../menuOptions';
import { useContentMenus } from '../menuTree';
import { ConflictDialog, type Conflict } from './ConflictDialog';
import { confirmProofread, ProofreadPanel } from './ProofreadPanel';
import { useNewsAutosave } from './useNewsAutosave';

interface NewsForm {
  Title: string;
  Menu: number[];
  ImageUrl: string;
  NewContent: string;
  Status: number;
  IsTop: boolean;
  IsMemberRead: boolean;
  NewsCreateTime: Dayjs | null;
  OfflineTime: Dayjs | null;
  Author: string;
}

/** The editor's choices: 正常 (待发布 until a publish time still to come), 草稿 and 停用. */
const editorStatuses = [
  { label: '正常', value: ArticleStatus.Published },
  { label: '草稿', value: ArticleStatus.Draft },
  { label: '停用', value: ArticleStatus.Closed },
];

const timeOrNull = (time: string) => (time ? dayjs(time) : null);

/** 正常 with a publish time still to come: saved, it waits as 待发布. */
const isScheduled = ({ Status, NewsCreateTime }: Pick<NewsForm, 'Status' | 'NewsCreateTime'>) =>
  Status === ArticleStatus.Published && !!NewsCreateTime?.isAfter(dayjs());

const timeFormat = 'YYYY-MM-DD HH:mm:ss';

/** The form as an autosave keeps it: the times as text. */
const formToJson = ({ NewsCreateTime, OfflineTime, ...values }: NewsForm) => ({
  ...values,
  NewsCreateTime: NewsCreateTime?.format(timeFormat) ?? '',
  OfflineTime: OfflineTime?.format(timeFormat) ?? '',
});
const formFromJson = (saved: unknown): Partial<NewsForm> => {
  const { NewsCreateTime, OfflineTime, ...values } = saved as ReturnType<typeof formToJson>;
  return { ...values, NewsCreateTime: timeOrNull(NewsCreateTime ?? ''), OfflineTime: timeOrNull(OfflineTime ?? '') };
};

/** A menu's name anywhere in the tree. */
function menuName(menus: readonly MenuDto[], id: number | undefined): string {
  for (const menu of menus) {
    if (menu.MenuId === id) return menu.Name;
    const below = menuName(menu.ChildList, id);
    if (below) return below;
  }
  return '';
}

/** Holds the save back quietly: a dialog said why, the conflict's or 校对's (useFormSubmit keeps the editor open). */
class SaveHeld extends Error {}

/**
 * 新增/修改文章: title, menu, cover, body in the rich-text editor, status, flags, publish time
 * (a time still to come schedules it), take-down time and author. An edit is saved against the
 * Version it opened; if someone saved in between, ConflictDialog shows both and lets the editor
 * choose. The form is autosaved to the server while it is edited (useNewsAutosave).
 */
export function NewsDialog({ editing, onClose, onSaved }: EditDialogProps<AdminNewsItemDto>) {
  const menus = useContentMenus();
  const { modal } = App.useApp();
  const proofreader = useRef<Proofreader | null>(null);
  const [conflict, setConflict] = useState<(Conflict & { body: Partial<SaveNewsBody> }) | null>(null);
  // The version the form was filled from (GetNewsDetail), sent back with the save.
  const openedVersion = useRef<number | undefined>(undefined);
  // What the server said of the last save (已定时发布… · 已提交审核…), the list's toast.
  const said = useRef('');
  /** Sends the article; a save from a stale copy opens ConflictDialog instead of closing. */
  const send = async (body: Partial<SaveNewsBody>) => {
    const saved = await contentAdminApi.saveNews(body);
    said.current = saved.said ?? '';
    if (saved.findings) {
      // Serious wrong or sensitive words: saved only once the editor, shown them, confirms.
      if (await confirmProofread(modal, saved.findings)) return send({ ...body, ProofreadConfirmed: true });
      throw new SaveHeld();
    }
    if (!saved.conflict) return saved.id;
    const { Current } = saved.conflict;
    setConflict({
      current: Current,
      body,
      yours: {
        Title: body.Title ?? '',
        MenuName: menuName(menus.data ?? [], body.MenuId),
        ImageUrl: body.ImageUrl ?? '',
        NewContent: body.NewContent ?? '',
        Status: body.Status ?? ArticleStatus.Published,
        IsTop: body.IsTop ?? false,
        IsMemberRead: body.IsMemberRead ?? false,
        // Blank keeps the article's publish time.
        NewsCreateTime: body.NewsCreateTime || Current.NewsCreateTime,
        OfflineTime: body.OfflineTime ?? '',
        Author: body.Author ?? '',
      },
    });
    throw new SaveHeld();
  };
  const { form, id, open, record, submit, saving } = useRecordForm<AdminNewsItemDto, AdminNewsDetailDto, NewsForm>({
    editing,
    onSaved: () => onSaved(said.current),
    id: (news) => news.NewsId,
    key: [...adminQueryKeys.all, 'newsDetail'],
    fetch: contentAdminApi.newsDetail,
    // No publish time unless the editor picks one: the server then stamps the time of saving,
    // not the time this dialog happened to open.
    blank: () => ({
      Title: '',
      Menu: [],
      ImageUrl: '',
      NewContent: '',
      Status: ArticleStatus.Published,
      IsTop: false,
      IsMemberRead: false,
      NewsCreateTime: null,
      OfflineTime: null,
      Author: '',
    }),
    fill: (news) => {
      openedVersion.current = news.Version;
      return {
        Title: news.Title,
        Menu: menuPath(menus.data ?? [], news.MenuId),
        ImageUrl: news.ImageUrl,
        NewContent: news.NewContent,
        // 待发布 is 正常 with a time to come: the editor chooses 正常 and the time.
        Status: news.Status === ArticleStatus.Scheduled ? ArticleStatus.Published : news.Status,
        IsTop: news.IsTop,
        IsMemberRead: news.IsMemberRead,
        NewsCreateTime: timeOrNull(news.NewsCreateTime),
        OfflineTime: timeOrNull(news.OfflineTime),
        Author: news.Author,
      };
    },
    // The article's menu is shown as its path in the tree.
    ready: menus.data !== undefined,
    save: ({ Menu, NewsCreateTime, OfflineTime, ...values }, newsId) =>
      send({
        ...values,
        NewsId: newsId,
        MenuId: Menu.at(-1),
        NewsCreateTime: NewsCreateTime?.format(timeFormat) ?? '',
        OfflineTime: OfflineTime?.format(timeFormat) ?? '',
        // The version this editor opened: a save over someone else's answers 文章已被他人修改.
        Version: newsId ? openedVersion.current : undefined,
      }),
  });
  // 覆盖保存: the same article again, over the version the server has now.
  const overwrite = async () => {
    if (!conflict) return;
    try {
      await send({ ...conflict.body, Version: conflict.current.Version });
      setConflict(null);
      onSaved(said.current);
    } catch (error) {
      // Saved over once more meanwhile: the dialog now shows the newer version. Other refusals the API client showed.
      if (!(error instanceof SaveHeld)) setConflict(null);
    }
  };

  // A contribution under review keeps its state unless the editor chooses 正常 or 停用.
  const status = record.data?.Status;
  const statusChoices =
    status === ArticleStatus.Rejected || status === ArticleStatus.UnderReview
      ? [...editorStatuses, { label: status === ArticleStatus.Rejected ? '审核不通过' : '审核中', value: status }]
      : editorStatuses;

  const loading = menus.isLoading || record.isLoading;
  const autosave = useNewsAutosave({
    form,
    newsId: id,
    filled: open && !loading && (id === 0 || record.data !== undefined),
    saving,
    toJson: formToJson,
    fromJson: formFromJson,
    onClose,
  });
  return (
    <EditorDialog title={id ? '修改文章' : '新增文章'} open={open} onOk={submit} onCancel={autosave.requestClose} saving={saving} loading={loading}>
      {autosave.prompts}
      <ConflictDialog
        conflict={conflict}
        onOverwrite={overwrite}
        onBack={() => setConflict(null)}
        onDiscard={() => {
          setConflict(null);
          onClose();
        }}
      />
      {status === ArticleStatus.Rejected && (
        // Why it came back, in front of the editor who corrects it; 正常 resubmits, anything else only saves.
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={`审核不通过${record.data?.ProcessItemName ? `：${record.data.ProcessItemName}` : ''}`}
          description="修改后状态选择「正常」保存，即重新提交审核；保持「审核不通过」保存只保存修改，不提交审核。"
        />
      )}
      <Form form={form} labelCol={{ flex: '96px' }} preserve={false} onValuesChange={autosave.onValuesChange}>
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <TextItem name="Title" label="标题" rules={[{ required: true, message: messages.titleRequired }, { max: 200 }]} maxLength={200} showCount />
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="Menu" label="所属栏目" rules={[{ required: true, type: 'array', min: 1, message: messages.menuRequired }]}>
              {/* A click opens a menu's children (a touch screen has no hover) and chooses it too: a parent
                  stays choosable, as changeOnSelect says; a double click or a click outside closes the list. */}
              <Cascader options={toMenuOptions(menus.data ?? [])} changeOnSelect expandTrigger="click" placeholder="请选择所属栏目" showSearch />
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            <TextItem name="Author" label="作者" rules={[{ max: 100 }]} maxLength={100} />
          </Col>
          <Col xs={24} md={10}>
            {/* Redrawn alone when the time or status changes: the dialog (and its editor) stays as it is. */}
            <Form.Item
              noStyle
              shouldUpdate={(before: NewsForm, after: NewsForm) => before.NewsCreateTime !== after.NewsCreateTime || before.Status !== after.Status}
            >
              {() => (
                <Form.Item
                  name="NewsCreateTime"
                  label="发布时间"
                  extra={isScheduled(form.getFieldsValue(['NewsCreateTime', 'Status']) as NewsForm) ? '保存后为「待发布」，到时自动发布' : undefined}
                >
                  <DatePicker showTime format={timeFormat} placeholder="不填则为保存时间" />
                </Form.Item>
              )}
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            <Form.Item name="Status" label="状态" extra={status === ArticleStatus.Rejected ? '修改后选择「正常」保存，即重新提交审核' : undefined}>
              <Radio.Group options={statusChoices} />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="OfflineTime" label="定时下线">
              <DatePicker showTime format={timeFormat} placeholder="不填则不自动下线" disabledDate={(day) => day.isBefore(dayjs(), 'day')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            <Form.Item name="IsTop" label="置顶" valuePropName="checked">
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="IsMemberRead" label="会员可见" valuePropName="checked">
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="ImageUrl" label="封面图片" extra="支持 jpg、png 格式，不超过 900KB">
          <ImageUpload />
        </Form.Item>
        <ProofreadPanel form={form} proofreader={proofreader} active={open && !loading} onTitle={autosave.onValuesChange} />
        <Form.Item name="NewContent" label="正文" extra={autosave.status}>
          <RichTextEditor proofreader={proofreader} />
        </Form.Item>
      </Form>
    </EditorDialog>
  );
}
