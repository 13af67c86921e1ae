/**
 * 朗读 with the browser's own speech (speechSynthesis): the selected text, or else the page's
 * main content, in a Chinese voice when the browser has one. Answers what the visitor is told.
 */
export type ReadAloudResult = { speaking: true; note: string } | { speaking: false; note: string };

export const NO_SPEECH = '您的浏览器不支持朗读功能，请使用系统自带的读屏软件（如 Windows 讲述人、手机的屏幕朗读）';

/**
 * Marks the parts of a page that are read aloud, in their order: where a page has them they are
 * read alone (an article: its title, then its text, not the crumbs, date, view count and share
 * row around them); elsewhere the whole of the main content is.
 */
export const readAloudPart = { 'data-read-aloud': '' } as const;

function pageText(): string {
  const main = document.getElementById('main');
  if (!main) return '';
  const parts = [...main.querySelectorAll<HTMLElement>('[data-read-aloud]')].map((part) => part.innerText.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join('\n') : main.innerText.trim();
}

export function readAloud(): ReadAloudResult {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return { speaking: false, note: NO_SPEECH };
  const selected = window.getSelection()?.toString().trim();
  const text = selected || pageText();
  if (!text) return { speaking: false, note: '没有可朗读的内容' };
  const synth = window.speechSynthesis;
  synth.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'zh-CN';
  const voices = synth.getVoices();
  const chinese = voices.find((v) => v.lang.replace('_', '-').toLowerCase().startsWith('zh'));
  if (chinese) utterance.voice = chinese;
  synth.speak(utterance);
  // Voices load late in some browsers: an empty list means not known yet, not none.
  const note = voices.length > 0 && !chinese ? '未找到中文语音，将以浏览器默认语音朗读' : selected ? '正在朗读所选文字' : '正在朗读本页内容';
  return { speaking: true, note };
}

export function stopReading(): void {
  if (typeof window !== 'undefined' && 'speechSynthesis' in window) window.speechSynthesis.cancel();
}
