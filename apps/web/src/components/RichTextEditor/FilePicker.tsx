import { useState } from 'react';
import { App, Button, Input, Modal, Progress, Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { mediaKinds, messages, type UploadDto } from '@portal/shared';
import { mediaApi } from '../../api/media';
import { DataTable, usePagedList } from '../DataTable';
import { fileColumns, formatSize } from '../MediaLibrary';
import { checkPicked, chooseFile, pickerRules, sendFile, type PickerKind, type UploadTarget } from './upload';

/** A file dialog of the editor asking for an address: what kind, and where to hand the choice. */
export interface PickRequest {
  kind: PickerKind;
  choose: (url: string, name: string) => void;
}

const kindLabel: Record<PickerKind, string> = { image: '图片', file: '文件', media: '音视频' };

/**
 * What the editor's 浏览 button opens: 上传 a new file, with a progress bar (attachments and
 * video run to hundreds of megabytes), and for the back office 从媒体库选择 one already
 * uploaded. Above TinyMCE's own dialogs (z-index 1300), since the image dialog opens it.
 */
export function FilePicker({
  request,
  upload,
  library,
  onClose,
}: {
  request: PickRequest | null;
  upload: UploadTarget;
  library: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const kind = request?.kind ?? 'file';
  const rule = pickerRules[kind];

  const uploadNew = async () => {
    const file = await chooseFile(kind);
    if (!file || !request) return;
    const refusal = checkPicked(kind, file);
    if (refusal) {
      void message.error(refusal);
      return;
    }
    setPercent(0);
    try {
      const url = await sendFile(upload, file, file.name, kind, setPercent);
      void message.success(messages.uploadOk);
      request.choose(url, file.name);
      onClose();
    } catch (err) {
      void message.error((err as Error).message || messages.uploadFailed);
    } finally {
      setPercent(null);
    }
  };
  const pick = (file: UploadDto) => {
    request?.choose(file.Url, file.OriginalName);
    onClose();
  };

  return (
    <Modal
      open={request !== null}
      title={library ? `选择${kindLabel[kind]}` : `上传${kindLabel[kind]}`}
      footer={null}
      width={library ? 880 : 480}
      zIndex={1400}
      destroyOnHidden
      maskClosable={percent === null}
      closable={percent === null}
      onCancel={onClose}
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <Button type="primary" icon={<UploadOutlined />} loading={percent !== null} onClick={() => void uploadNew()}>
            上传新{kindLabel[kind]}
          </Button>
          <Typography.Text type="secondary">
            {rule.extensions.map((e) => `.${e}`).join(' ')}，不超过{formatSize(rule.maxBytes)}
          </Typography.Text>
        </Space>
        {percent !== null && <Progress percent={Math.floor(percent)} status="active" aria-label="上传进度" />}
        {library && <LibraryList kind={kind} onPick={pick} />}
      </Space>
    </Modal>
  );
}

/** 从媒体库选择: the library's files of the dialog's kind, newest first, searchable by name. */
function LibraryList({ kind, onPick }: { kind: PickerKind; onPick: (file: UploadDto) => void }) {
  const list = usePagedList<UploadDto, { kind: PickerKind; key?: string }>(['admin', 'media', 'picker'], mediaApi.uploads, { kind });
  return (
    <>
      <Typography.Title level={5} style={{ margin: 0 }}>
        从媒体库选择
      </Typography.Title>
      <Input.Search
        allowClear
        placeholder={`按文件名搜索${mediaKinds[kind]}`}
        enterButton="搜索"
        onSearch={(key) => list.search({ kind, key: key.trim() || undefined })}
        style={{ maxWidth: 360 }}
      />
      <DataTable<UploadDto>
        rowKey="Id"
        size="small"
        // Fits the dialog: long names are cut short (with a tooltip) rather than scrolled to.
        scroll={{}}
        columns={[
          // A phone keeps the picture, the name and 选择 in view.
          ...fileColumns.map((column) => (column.key === 'preview' || column.title === '文件名' ? column : { ...column, responsive: ['md' as const] })),
          { title: '上传时间', dataIndex: 'CreateTime', width: 170, responsive: ['md'] },
          {
            title: '操作',
            key: 'pick',
            width: 80,
            render: (_, file) => (
              <Button type="link" size="small" onClick={() => onPick(file)}>
                选择
              </Button>
            ),
          },
        ]}
        {...list.tableProps}
      />
    </>
  );
}
