import { describe, expect, it } from 'vitest';
import { messages } from '@portal/shared';
import { checkPicked } from './upload';

/** A file that reports `size` bytes without holding them. */
const sized = (name: string, size: number) => Object.defineProperty(new File([], name), 'size', { value: size });

describe('editor file dialogs', () => {
  it('takes office files, archives and text up to 50 MB as attachments', () => {
    expect(checkPicked('file', sized('报告.DOCX', 1024))).toBeNull();
    expect(checkPicked('file', sized('a.zip', 50 * 1024 * 1024))).toBeNull();
    expect(checkPicked('file', sized('a.zip', 50 * 1024 * 1024 + 1))).toBe(messages.editorFileTooLarge);
    expect(checkPicked('file', sized('a.exe', 10))).toBe(messages.editorFileType);
  });

  it('takes mp3 and mp4 up to 300 MB as media', () => {
    expect(checkPicked('media', sized('a.mp4', 300 * 1024 * 1024))).toBeNull();
    expect(checkPicked('media', sized('a.mp4', 300 * 1024 * 1024 + 1))).toBe(messages.mediaTooLarge);
    expect(checkPicked('media', sized('a.avi', 10))).toBe(messages.mediaType);
  });
});
