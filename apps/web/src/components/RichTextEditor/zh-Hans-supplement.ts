import tinymce from 'tinymce/tinymce';

/**
 * What tinymce-i18n's zh-Hans pack leaves in English for the toolbar, menus and dialogs we
 * use: the tooltips that name the current value ('Block {0}' showed as "Block 段落", 'Font size
 * {0}' as "Font size 14pt") and a few labels of the link, image and media dialogs. Added to
 * the same language after the pack; the editor journey (e2e/editor-chinese.spec.ts) hovers
 * every toolbar button and opens every menu and dialog to find any English left.
 */
tinymce.addI18n('zh-Hans', {
  'Block {0}': '段落格式：{0}',
  'Font {0}': '字体：{0}',
  'Font size {0}': '字号：{0}',
  'Format {0}': '格式：{0}',
  'Alignment {0}': '对齐：{0}',
  'Text color {0}': '文本颜色：{0}',
  'Background color {0}': '背景颜色：{0}',
  'Font size': '字号',
  'Decrease font size': '减小字号',
  'Increase font size': '增大字号',
  'Reveal or hide additional toolbar items': '显示或隐藏更多工具',
  Color: '颜色',
  'Saturation {0}%, Brightness {1}%': '饱和度 {0}%，亮度 {1}%',
  Heading: '标题',
  // The pack's wording ('预先格式化的') reads as a half sentence.
  Preformatted: '预格式化文本',
  Image: '图片',
  'Image description': '图片描述',
  'Image uploading...': '图片上传中…',
  'Failed to upload image': '图片上传失败',
  'Browse files': '选择文件',
  // The link dialog's picker uploads an attachment to link to (TinyEditor's file_picker_callback).
  'Browse links': '选择文件',
  Link: '链接',
  Rel: '链接关系',
  Poster: '封面图',
  Columns: '列数',
  '{0} columns, {1} rows': '{0} 列 × {1} 行',
  // The warning icon beside an address that is not valid, and what it says.
  invalid: '无效',
  'aria.input.invalid': '输入无效',
  'Press the arrow keys to resize the editor.': '按方向键调整编辑器大小。',
  'Press the Up and Down arrow keys to resize the editor.': '按上下方向键调整编辑器高度。',
});
