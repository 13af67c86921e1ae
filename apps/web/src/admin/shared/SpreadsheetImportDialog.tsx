import { useState, type ReactNode } from 'react';
import { Alert, Button, Progress, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import { certMessages, dialogWidth } from '@portal/shared';
import { ApiError, saveFile } from '../../api/client';
import type { ImportErrors, UploadProgress } from '../../api/imports';
import { FormDialog } from './FormDialog';
import { importReportCsv, importReportName } from './importReport';
import styles from './spreadsheetImport.module.css';

/** The server's limit (ImportCerts, ImportMembers), checked before a large file is sent for nothing. */
const MAX_BYTES = 10 * 1024 * 1024;

type Stage =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'importing' }
  | { kind: 'done'; message: string }
  | { kind: 'refused'; message: string; errors: ImportErrors['Errors'] };

const busy = (stage: Stage) => stage.kind === 'uploading' || stage.kind === 'importing';

export interface SpreadsheetImportDialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  /** After a file was imported (the list reloads). */
  onImported: () => void;
  /** How to fill the sheet, above the template's button. */
  hint: ReactNode;
  /** 下载模板; none where the list's export is the template (the hint says so). */
  downloadTemplate?: () => Promise<void>;
  /** Sends the file, following the upload; answers the server's message of success. */
  send: (file: File, progress: UploadProgress) => Promise<string>;
  /** The import's own fields, under the file (the members' initial password). */
  children?: ReactNode;
  /** Whether those fields let the import start (default yes). */
  ready?: boolean;
  /** What the import answered beyond its message, under it: the rows a partial import updated or left out. */
  outcome?: ReactNode;
}

/**
 * 导入 of a back-office list from an .xlsx: the template to download, the file chosen (or
 * dropped) and sent with its progress, then 导入中 while the server checks every row; either
 * all rows are imported, or none is and each problem is listed by row and column, for download
 * beside the sheet. An import that takes the good rows and names the others (易错词) shows those
 * under its success, as its `outcome` (ImportReport of type warning).
 */
export function SpreadsheetImportDialog({
  title,
  open,
  onClose,
  onImported,
  hint,
  downloadTemplate,
  send,
  children,
  ready = true,
  outcome,
}: SpreadsheetImportDialogProps) {
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
      const message = await send(file, (event) => {
        // Once every byte is sent the server reads and checks the rows.
        setStage(event.progress !== undefined && event.progress < 1 ? { kind: 'uploading', percent: Math.floor(event.progress * 100) } : { kind: 'importing' });
      });
      setStage({ kind: 'done', message });
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
      title={title}
      open={open}
      width={dialogWidth.medium}
      onOk={() => void start()}
      onCancel={close}
      saving={busy(stage)}
      okDisabled={!file || !ready}
      // While the file goes up and is checked, nothing closes the dialog.
      modal={{ okText: '开始导入', cancelText: '关闭', cancelButtonProps: { disabled: busy(stage) }, closable: !busy(stage) }}
    >
      <Space orientation="vertical" size={16} className={styles.column}>
        <Typography.Paragraph type="secondary" className={styles.hint}>
          {hint}
        </Typography.Paragraph>
        {downloadTemplate && (
          <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate().catch(() => undefined)}>
            下载模板
          </Button>
        )}
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
        {children}
        {stage.kind === 'uploading' && <Progress percent={stage.percent} status="active" format={(p) => `上传 ${p}%`} />}
        {stage.kind === 'importing' && <Progress percent={100} status="active" format={() => '导入中…'} />}
        {stage.kind === 'done' && <Alert type="success" showIcon title={stage.message} />}
        {stage.kind === 'done' && outcome}
        {stage.kind === 'refused' && <ImportReport message={stage.message} errors={stage.errors} sheet={file?.name ?? '导入'} />}
      </Space>
    </FormDialog>
  );
}

/**
 * An import's rows by row and column, downloadable as CSV: a refusal's problems (type error, the
 * default), or the rows a partial import updated or left out (type warning, under its success).
 */
export function ImportReport({
  message,
  errors,
  sheet,
  type = 'error',
}: {
  message: string;
  errors: ImportErrors['Errors'];
  sheet: string;
  type?: 'error' | 'warning';
}) {
  const report = type === 'error' ? '错误报告' : '导入报告';
  return (
    <Space orientation="vertical" size={8} className={styles.column}>
      <Alert
        type={type}
        showIcon
        title={message}
        action={
          errors.length > 0 && (
            <Button
              size="small"
              icon={<DownloadOutlined />}
              onClick={() => saveFile(new Blob([importReportCsv(errors)], { type: 'text/csv;charset=utf-8' }), importReportName(sheet, report))}
            >
              下载{report}
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
