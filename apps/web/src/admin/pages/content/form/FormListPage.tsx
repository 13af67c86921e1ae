import { App, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { formMessages, typeKinds, type FormDto } from '@portal/shared';
import { formsAdminApi, type FormQuery } from '../../../../api/forms-admin';
import type { PageState } from '../../../../components/DataTable';
import { useTypeOptions } from '../../../../components/SearchForm';
import { AddButton, editAction, ListPage, listResource, useListPage } from '../../../list';
import { useAction } from '../../../shared/useAction';
import { audienceNames, FormStateTag, formsKey, kindName, kindOptions } from './status';
import styles from './form.module.css';

type Filters = Omit<FormQuery, keyof PageState>;

const minutes = (time: string) => time.slice(0, 16);

/** 开放时间: either end may be open. */
function windowText({ OpenTime, CloseTime }: FormDto) {
  if (OpenTime && CloseTime) return `${minutes(OpenTime)} 至 ${minutes(CloseTime)}`;
  if (OpenTime) return `${minutes(OpenTime)} 起`;
  return CloseTime ? `${minutes(CloseTime)} 截止` : '不限';
}

const forms = (now: string, levelName: (id: number) => string) =>
  listResource<FormDto, Filters>({
    key: formsKey,
    fetch: formsAdminApi.list,
    rowKey: 'Id',
    search: [
      { kind: 'input', name: 'title', label: '标题' },
      { kind: 'select', name: 'kind', label: '类型', options: kindOptions },
      {
        kind: 'select',
        name: 'status',
        label: '开关状态',
        options: [
          { label: '开启', value: 1 },
          { label: '关闭', value: 0 },
        ],
      },
    ],
    columns: [
      { title: '标题', dataIndex: 'Title', width: 220 },
      { title: '类型', key: 'kind', width: 70, render: (_, f) => kindName(f.Kind) },
      {
        title: '填写范围',
        key: 'audience',
        width: 140,
        render: (_, f) =>
          f.Audience === 'levels' ? (
            f.Levels.map((id) => <Tag key={id}>{levelName(id)}</Tag>)
          ) : (
            <Space size={2} wrap>
              {audienceNames[f.Audience as keyof typeof audienceNames] ?? f.Audience}
              {f.Anonymous && <Tag color="purple">匿名</Tag>}
            </Space>
          ),
      },
      { title: '开放时间', key: 'window', width: 200, render: (_, f) => <span className={styles.window}>{windowText(f)}</span> },
      { title: '状态', key: 'state', width: 80, render: (_, f) => <FormStateTag form={f} now={now} /> },
      {
        title: '提交数',
        key: 'responses',
        width: 90,
        render: (_, f) => (f.ResponseLimit > 0 ? `${f.ResponseCount}/${f.ResponseLimit}` : f.ResponseCount),
      },
    ],
    numbered: false,
    remove: {
      perm: 'content:form:delete',
      question: (f) => `确定删除“${f.Title}”吗？`,
      confirmDetail: '其全部提交记录将一并删除，且不可恢复。',
      hint: (f) => (f.ResponseCount > 0 ? `已有${f.ResponseCount}份提交` : undefined),
      run: (f) => formsAdminApi.remove([f.Id]),
    },
    actionsWidth: 290,
  });

interface FormListPageProps {
  /** Opens the builder: 0 for a new form. */
  onEdit: (id: number) => void;
  onResults: (id: number) => void;
}

/** The list: search, 新增, and per form 编辑, 复制, 关闭/重新开放, 结果, 导出, 删除. */
export function FormListPage({ onEdit, onResults }: FormListPageProps) {
  const { message } = App.useApp();
  const levels = useTypeOptions(typeKinds.memberLevel);
  const levelName = (id: number) => levels.data?.find((l) => l.value === id)?.label ?? '已删除等级';
  const resource = forms(dayjs().format('YYYY-MM-DD HH:mm:ss'), levelName);
  const page = useListPage(resource);
  const setOpen = useAction((f: FormDto) => formsAdminApi.setOpen(f.Id, f.Status === 0), page.refresh);
  // The copy opens in the builder, closed and without responses, to be renamed and opened.
  const copy = (f: FormDto) =>
    formsAdminApi.copy(f.Id).then(
      (id) => {
        void message.success(formMessages.copied);
        page.refresh();
        onEdit(id);
      },
      () => undefined,
    );

  return (
    <ListPage
      resource={resource}
      page={page}
      toolbar={<AddButton perm="content:form:add" label="新增表单" onClick={() => onEdit(0)} />}
      rowActions={[
        editAction('content:form:edit', (f: FormDto) => onEdit(f.Id), '编辑'),
        { label: '复制', perm: 'content:form:add', run: copy },
        {
          label: (f) => (f.Status === 0 ? (f.ResponseCount > 0 ? '重新开放' : '开放') : '关闭'),
          perm: 'content:form:edit',
          confirm: (f) => (f.Status === 0 ? `确定开放“${f.Title}”吗？` : `关闭后不再接受提交，确定关闭“${f.Title}”吗？`),
          run: setOpen,
        },
        { label: '结果', perm: 'content:form:results', run: (f) => onResults(f.Id) },
        {
          label: '导出',
          perm: 'content:form:export',
          disabled: (f) => f.ResponseCount === 0,
          run: (f) => formsAdminApi.exportResponses(f.Id, f.Title, {}).catch(() => undefined),
        },
      ]}
    />
  );
}
