import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Popconfirm, Space, Upload, type TableColumnsType } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { contributionMessages, type SensitiveWordDto, type WordsAddedDto } from '@portal/shared';
import { contentAdminApi, type WordQuery } from '../../../../api/content-admin';
import { DataTable, usePagedList, type PageState } from '../../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../../components/SearchForm';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { Auth } from '../../../access/AdminSession';
import { Panel } from '../../../layout/Panel';
import { AddButton } from '../../../list';
import { FormDialog } from '../../../shared/FormDialog';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';

type Filters = Omit<WordQuery, keyof PageState>;
const listKey = [...adminQueryKeys.all, 'sensitive-words'];
const searchFields: SearchField<Filters>[] = [{ kind: 'input', name: 'key', label: '敏感词' }];
const addedText = (r: WordsAddedDto) => `已添加${r.Added}个${r.Skipped ? `，${r.Skipped}个已存在或重复，已跳过` : ''}`;

/**
 * 敏感词 (component content/word/index): the list the review of contributions marks. Words are
 * added one a line or imported from a .txt file; matching ignores width and Latin case.
 */
export default function WordPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = usePagedList<SensitiveWordDto, Filters>(listKey, contentAdminApi.words, {});
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [importing, setImporting] = useState(false);

  const refresh = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: listKey });
  };
  const remove = useAction((ids: number[]) => contentAdminApi.deleteWords(ids), refresh);
  const importFile = async (file: File) => {
    setImporting(true);
    try {
      void message.success(addedText(await contentAdminApi.importWords(file)));
      refresh();
    } catch {
      // The client has shown the server's reason.
    } finally {
      setImporting(false);
    }
  };

  const columns: TableColumnsType<SensitiveWordDto> = [
    { title: '敏感词', dataIndex: 'Word' },
    { title: '添加时间', dataIndex: 'CreateTime', width: 200 },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_, word) => (
        <Auth perm="content:word:delete">
          <Popconfirm title={`确定删除敏感词“${word.Word}”吗？`} onConfirm={() => remove([word.Id])} okText="删除" okButtonProps={{ danger: true }}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Auth>
      ),
    },
  ];

  return (
    <>
      <SearchForm<Filters> fields={searchFields} onSearch={list.search} loading={list.query.isFetching} />
      <Panel
        actions={
          <Space wrap>
            <AddButton perm="content:word:add" label="添加敏感词" onClick={() => setAdding(true)} />
            <Auth perm="content:word:add">
              <Upload accept=".txt" showUploadList={false} beforeUpload={(file) => (void importFile(file), false)}>
                <Button icon={<UploadOutlined />} loading={importing}>
                  导入（.txt）
                </Button>
              </Upload>
            </Auth>
            <Auth perm="content:word:delete">
              <Popconfirm
                title={`确定删除选中的${selected.length}个敏感词吗？`}
                disabled={!selected.length}
                onConfirm={() => remove(selected)}
                okText="删除"
                okButtonProps={{ danger: true }}
              >
                <Button danger icon={<DeleteOutlined />} disabled={!selected.length}>
                  批量删除
                </Button>
              </Popconfirm>
            </Auth>
          </Space>
        }
      >
        <DataTable<SensitiveWordDto>
          rowKey="Id"
          numbered
          columns={columns}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
          {...list.tableProps}
        />
      </Panel>
      <AddWordsDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(r) => {
          void message.success(addedText(r));
          setAdding(false);
          refresh();
        }}
      />
    </>
  );
}

/** 添加敏感词: one word a line. */
function AddWordsDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (r: WordsAddedDto) => void }) {
  const [form] = Form.useForm<{ Words: string }>();
  const { submit, saving } = useFormSubmit(form, (values) => contentAdminApi.addWords(values.Words), onAdded);
  return (
    <FormDialog title="添加敏感词" open={open} onOk={submit} onCancel={onClose} saving={saving}>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="Words" label="敏感词（每行一个）" rules={[{ required: true, whitespace: true, message: contributionMessages.wordRequired }]}>
          <Input.TextArea rows={8} placeholder={'例如：\n代开发票\n非法集资'} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
