import { useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import type { Editor, RawEditorOptions } from 'tinymce';
import { messages } from '@portal/shared';
import { uploadPath } from '../../api/content-admin';
import { indent2em, indent2emFormat, registerIndent2em } from './indent2em';
import { proofreaderOf, proofreadStyle, registerProofreading } from './proofread';
import { contentStyle, tinymce } from './tinymce';
import { FilePicker, type PickRequest } from './FilePicker';
import { sendFile, type UploadTarget } from './upload';
import type { RichTextEditorProps } from './types';

const defaultUploadUrl = `/api/${uploadPath}`;

/** Spec §9's editor settings that do not depend on the instance. */
const baseOptions: RawEditorOptions = {
  height: 430,
  language: 'zh-Hans',
  skin: false,
  content_css: false,
  content_style: `${contentStyle}\n${proofreadStyle}`,
  promotion: false,
  branding: false,
  // The status bar's element path and resize handle carry ARIA attributes their roles do not
  // allow (axe, WCAG 4.1.2); the height is fixed by the spec anyway.
  elementpath: false,
  resize: false,
  plugins: 'link image media advlist code preview table lists',
  toolbar:
    'undo redo | blocks fontsize lineheight | bold italic underline strikethrough forecolor backcolor | ' +
    `alignleft aligncenter alignright alignjustify | ${indent2em} outdent indent | bullist numlist | link image media table hr | removeformat code preview`,
  toolbar_mode: 'wrap',
  // The fonts a Chinese office has, by their Chinese names; two Latin faces for English text.
  font_family_formats:
    '宋体=SimSun,Songti SC,serif; 黑体=SimHei,Heiti SC,sans-serif; 微软雅黑=Microsoft YaHei,PingFang SC,sans-serif; 楷体=KaiTi,Kaiti SC,serif; ' +
    '仿宋=FangSong,STFangsong,serif; Arial=arial,helvetica,sans-serif; Times New Roman=times new roman,times,serif',
  font_size_formats: '12pt 14pt 16pt 18pt 20pt 22pt 24pt 28pt 30pt 32pt 34pt 36pt',
  line_height_formats: '1 1.5 1.6 1.75 1.8 2 3 4 5',
  formats: { [indent2em]: indent2emFormat },
  // The server's sanitiser compares text, not entities: characters stay as typed (docs/api.md).
  entity_encoding: 'raw',
  // Uploaded paths stay as the server gave them ('/uploads/…'), not rewritten relative to this page.
  relative_urls: false,
  convert_urls: false,
  table_default_styles: { 'border-collapse': 'collapse', width: '100%' },
  table_default_attributes: { border: '1' },
  // Pasted pictures are uploaded at once; anything else pasted as a file is dropped.
  paste_data_images: true,
  automatic_uploads: true,
  images_file_types: 'jpeg,jpg,png,gif,bmp',
};

/**
 * TinyMCE bound to a form field: `value`/`onChange` as antd's Form.Item hands them. The editor
 * is created on mount and removed on unmount; a value set from outside (a loaded article, a
 * reset) replaces the content, while the editor's own changes only flow out.
 */
export default function TinyEditor({
  value = '',
  onChange,
  readonly = false,
  uploadUrl = defaultUploadUrl,
  uploadSide = 'admin',
  id,
  inserter,
  proofreader,
}: RichTextEditorProps) {
  const { message } = App.useApp();
  // The file dialog the editor's 浏览 opened (FilePicker), null while none is.
  const [picking, setPicking] = useState<PickRequest | null>(null);
  const target = useRef<HTMLTextAreaElement>(null);
  const editorRef = useRef<Editor | null>(null);
  /** The content last sent out or put in, to tell outside changes from echoes of our own. */
  const current = useRef(value);
  /**
   * What was sent out and not yet seen back as `value`, oldest first. The parent's echo of an
   * earlier emit can arrive after a newer one (a pasted picture's upload finishing between a
   * render and its effect); put back into the editor, that stale copy would bring the picture
   * back as a data: URI and upload it a second time.
   */
  const unacknowledged = useRef<string[]>([]);
  // The editor is created once; these refs let its callbacks see the latest props.
  const latest = useRef({ onChange, message, upload: { url: uploadUrl, side: uploadSide } as UploadTarget });
  latest.current = { onChange, message, upload: { url: uploadUrl, side: uploadSide } };

  useEffect(() => {
    let removed = false;
    const emit = (editor: Editor) => {
      const html = editor.getContent();
      if (html === current.current) return;
      current.current = html;
      // Bounded for a parent that never feeds the value back.
      unacknowledged.current = [...unacknowledged.current.slice(-15), html];
      latest.current.onChange?.(html);
    };
    void tinymce
      .init({
        ...baseOptions,
        target: target.current!,
        readonly,
        setup: (editor) => {
          registerIndent2em(editor);
          editor.on('init', () => {
            // The annotator exists once the editor has started.
            registerProofreading(editor);
            // The frame's title already names the editing area; a label on its body is not allowed (WCAG 4.1.2).
            editor.getBody().removeAttribute('aria-label');
            editor.setContent(current.current);
            editor.undoManager.clear();
          });
          editor.on('change input undo redo SetContent', () => emit(editor));
        },
        images_upload_handler: (blobInfo, progress) =>
          sendFile(latest.current.upload, blobInfo.blob(), blobInfo.filename(), 'image', progress).then(
            (url) => {
              void latest.current.message.success(messages.uploadOk);
              return url;
            },
            (err: Error) => {
              void latest.current.message.error(messages.uploadFailed);
              // TinyMCE shows the reason in its notification and drops the failed picture.
              return Promise.reject({ message: err.message, remove: true });
            },
          ),
        // The back office may also pick pictures from the library; a member's editor uploads them through the image dialog's 上传 tab.
        file_picker_types: uploadSide === 'admin' ? 'file image media' : 'file media',
        file_picker_callback: (callback, _value, meta) => {
          const kind = meta.filetype;
          if (kind !== 'file' && kind !== 'image' && kind !== 'media') return;
          setPicking({ kind, choose: (url, name) => callback(url, kind === 'file' ? { text: name, title: name } : {}) });
        },
      })
      .then(([editor]) => {
        if (!editor) return;
        if (removed) editor.remove();
        else {
          editorRef.current = editor;
          // Typed into the body as text (escaped), where the caret is, as one undo step.
          if (inserter) inserter.current = (text) => editor.insertContent(editor.dom.encode(text));
          if (proofreader) proofreader.current = proofreaderOf(editor);
        }
      });
    return () => {
      removed = true;
      editorRef.current?.remove();
      editorRef.current = null;
      if (proofreader) proofreader.current = null;
    };
    // Created once per mount: later prop changes are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    editorRef.current?.mode.set(readonly ? 'readonly' : 'design');
  }, [readonly]);

  useEffect(() => {
    const echo = unacknowledged.current.indexOf(value);
    if (echo >= 0) {
      unacknowledged.current = unacknowledged.current.slice(echo + 1);
      return;
    }
    if (value === current.current) return;
    unacknowledged.current = [];
    current.current = value;
    editorRef.current?.setContent(value);
  }, [value]);

  return (
    <>
      <textarea ref={target} id={id} defaultValue={value} style={{ visibility: 'hidden', height: 430 }} />
      <FilePicker request={picking} upload={{ url: uploadUrl, side: uploadSide }} library={uploadSide === 'admin'} onClose={() => setPicking(null)} />
    </>
  );
}
