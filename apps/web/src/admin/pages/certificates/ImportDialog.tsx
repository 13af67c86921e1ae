import { useState } from 'react';
import { Alert, Button, Progress, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import { certMessages, dialogWidth } from '@portal/shared';
import { certificatesAdminApi, type ImportErrors } from '../../../api/certificates-admin';
import { ApiError, saveFile } from '../../../api/client';
import { FormDialog } from '../../shared/FormDialog';
import type { CertPageSpec } from './certPages';
import { importReportCsv, importReportName } from './importReport';
import styles from './certificates.module.css';

/** The server's limit (ImportCerts), checked before a large file is sent for nothing. */
const MAX_BYTES = 10 * 1024 * 1024;

type Stage =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'importing' }
  | { kind: 'done'; message: string }
  | { kind: 'refused'; message: string; errors: ImportErrors['Errors'] };

const busy = (stage: Stage) => stage.kind === 'uploading' || stage.kind === 'importing';

/**
 * 导入: the exam office's .xlsx (the template's columns, any order). The file goes up with its
 * progress shown, then 导入中 while the server checks every row; either all rows are imported,
 * or none is and each problem is listed by row and column, for download beside the sheet.
 */
export function ImportDialog({ page, open, onClose, onImported }: { page: CertPageSpec; open: boolean; onClose: () => void; onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  const choose = (chosen: File) => {
    const problem = !/\.xlsx$/i.test(chosen.name) ? certMessages.importFileType : chosen.size > MAX_BYTES ? certMessages.importTooLarge : null;
    setFileProblem(problem);
    setFile(problem ? null : chosen);
    setStage({ kind: 'idle' });
  };

  const start = async () => {
    if (!file) return;
    setStage({ kind: 'uploading', percent: 0 });
    try {
      const { Imported } = await certificatesAdminApi.importFile(file, page.view, (event) => {
        // Once every byte is sent the server reads and checks the rows.
        setStage(event.progress !== undefined && event.progress < 1 ? { kind: 'uploading', percent: Math.floor(event.progress * 100) } : { kind: 'importing' });
      });
      setStage({ kind: 'done', message: certMessages.imported(Imported) });
      setFile(null);
      onImported();
    } catch (error) {
      const errors = error instanceof ApiError ? (error.data as Partial<ImportErrors> | null)?.Errors : undefined;
      setStage({ kind: 'refused', message: error instanceof Error ? error.message : certMessages.importUnreadable, errors: errors ?? [] });
    }
  };

  const close = () => {
    if (busy(stage)) return;
    setFile(null);
    setFileProblem(null);
    setStage({ kind: 'idle' });
    onClose();
  };

  return (
    <FormDialog
      title={`导入${page.title}`}
      open={open}
      width={dialogWidth.medium}
      onOk={() => void start()}
      onCancel={close}
      saving={busy(stage)}
      okDisabled={!file}
      // While the file goes up and is checked, nothing closes the dialog.
      modal={{ okText: '开始导入', cancelText: '关闭', cancelButtonProps: { disabled: busy(stage) }, closable: !busy(stage) }}
    >
      <Space orientation="vertical" size={16} className={styles.image}>
        <Typography.Paragraph type="secondary" className={styles.hint}>
          请使用导入模板填写：表头须含姓名、身份证号、考试时间、考试结果，其余列可选，列的顺序不限；日期可写作2024-05-12或2024/5/12。文件中任何一行有误则整份不导入，请按错误报告修改后重新导入。{page.importNote}
        </Typography.Paragraph>
        <Button icon={<DownloadOutlined />} onClick={() => void certificatesAdminApi.template().catch(() => undefined)}>
          下载模板
        </Button>
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          showUploadList={false}
          disabled={busy(stage)}
          beforeUpload={(chosen) => {
            choose(chosen);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">{file ? <FileExcelOutlined /> : <InboxOutlined />}</p>
          <p className="ant-upload-text">{file ? file.name : '点击或拖入 .xlsx 文件'}</p>
          <p className="ant-upload-hint">仅限 .xlsx，不大于10MB</p>
        </Upload.Dragger>
        {fileProblem && <Alert type="error" showIcon title={fileProblem} />}
        {stage.kind === 'uploading' && <Progress percent={stage.percent} status="active" format={(p) => `上传 ${p}%`} />}
        {stage.kind === 'importing' && <Progress percent={100} status="active" format={() => '导入中…'} />}
        {stage.kind === 'done' && <Alert type="success" showIcon title={stage.message} />}
        {stage.kind === 'refused' && <ImportReport message={stage.message} errors={stage.errors} sheet={file?.name ?? '导入'} />}
      </Space>
    </FormDialog>
  );
}

/** The refusal: its message and, for a file with bad rows, every problem, downloadable as CSV. */
function ImportReport({ message, errors, sheet }: { message: string; errors: ImportErrors['Errors']; sheet: string }) {
  return (
    <Space orientation="vertical" size={8} className={styles.image}>
      <Alert
        type="error"
        showIcon
        title={message}
        action={
          errors.length > 0 && (
            <Button size="small" icon={<DownloadOutlined />} onClick={() => saveFile(new Blob([importReportCsv(errors)], { type: 'text/csv;charset=utf-8' }), importReportName(sheet))}>
              下载错误报告
            </Button>
          )
        }
      />
      {errors.length > 0 && (
        <Table
          size="small"
          rowKey={(e) => `${e.Row}-${e.Column}-${e.Message}`}
          dataSource={errors}
          pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false, size: 'small' } : false}
          columns={[
            { title: '行号', dataIndex: 'Row', width: 70 },
            { title: '列', dataIndex: 'Column', width: 100 },
            { title: '问题', dataIndex: 'Message' },
          ]}
        />
      )}
    </Space>
  );
}
