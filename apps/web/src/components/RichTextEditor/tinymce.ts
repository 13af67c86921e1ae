/**
 * TinyMCE 6 bundled by Vite (self-hosted, the last MIT-licensed line): the core, its model,
 * theme, icons, the Chinese pack and every plugin the spec names are imported here, so the
 * editor never loads a script or a skin from a server. Only the lazy editor chunk imports this.
 */
import tinymce from 'tinymce/tinymce';
import 'tinymce/models/dom';
import 'tinymce/themes/silver';
import 'tinymce/icons/default';
// tinymce-i18n has no zh_CN pack for TinyMCE 6; zh-Hans is the same Simplified Chinese.
import 'tinymce-i18n/langs6/zh-Hans.js';
// …with what that pack leaves in English (tooltips that name a value, a few dialog labels).
import './zh-Hans-supplement';
import 'tinymce/plugins/advlist';
import 'tinymce/plugins/code';
import 'tinymce/plugins/image';
import 'tinymce/plugins/link';
import 'tinymce/plugins/lists';
import 'tinymce/plugins/media';
import 'tinymce/plugins/preview';
import 'tinymce/plugins/table';
// The skin is inserted into the page like any stylesheet (skin: false stops TinyMCE fetching it);
// the content styles go into the editing iframe as text (content_style), so no URL is involved.
import 'tinymce/skins/ui/oxide/skin.min.css';
import uiContentCss from 'tinymce/skins/ui/oxide/content.min.css?inline';
import contentCss from 'tinymce/skins/content/default/content.min.css?inline';

export { tinymce };

/** Styles of the editing area: TinyMCE's own, then the table cells' minimum size. */
export const contentStyle = `${uiContentCss}\n${contentCss}\ntd,th{min-width:10px;height:10px}body{font-size:14pt}`;
