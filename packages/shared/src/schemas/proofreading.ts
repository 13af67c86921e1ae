import { z } from 'zod';
import { proofreadingMessages } from '../messages/proofreading.js';
import { optionalParam, optionalText, pagingQuery, requiredText, saveIdField } from './common.js';
export type { ProofFindingDto, WrongWordDto, WrongWordsImportedDto } from '../dto/proofreading.js';

/**
 * 易错词 (docs/inspection.md): the office's dictionary of wrong → right forms, and 校对, which
 * checks an article's title and body against it and against the sensitive-word list.
 */

/** 严重 (what an inspection fails a site for: the state's and the party's names misspelt) or 一般. */
export const wrongWordSeverities = ['serious', 'normal'] as const;
export type WrongWordSeverity = (typeof wrongWordSeverities)[number];
export const wrongWordSeverityNames: Record<WrongWordSeverity, string> = { serious: '严重', normal: '一般' };

/** The longest wrong or right form, in characters (the columns' width). */
export const WRONG_WORD_MAX = 50;

const severity = z.enum(wrongWordSeverities, { error: proofreadingMessages.severityInvalid });

/** One entry's fields, as SaveWrongWord and each row of ImportWrongWords check them. */
export const wrongWordFields = {
  Wrong: requiredText(proofreadingMessages.wrongRequired, '错误写法', WRONG_WORD_MAX),
  Right: requiredText(proofreadingMessages.rightRequired, '正确写法', WRONG_WORD_MAX),
  Severity: severity,
};

export const wrongWordListQuery = pagingQuery.extend({
  /** Part of the wrong or the right form. */
  key: z.string().trim().max(WRONG_WORD_MAX).optional(),
  severity: optionalParam(severity),
});
export type WrongWordListQuery = z.infer<typeof wrongWordListQuery>;

/** ExportWrongWords: the list's filters, every page. */
export const exportWrongWordsQuery = wrongWordListQuery.omit({ pageindex: true, pagesize: true });
export type ExportWrongWordsQuery = z.infer<typeof exportWrongWordsQuery>;

/** SaveWrongWord: Id 0 or absent adds an entry, 一般 unless said; on an edit a field left out keeps its stored value. */
export const saveWrongWordBody = z.object({
  Id: saveIdField,
  ...wrongWordFields,
  Severity: severity.default('normal'),
});
export type SaveWrongWordBody = z.infer<typeof saveWrongWordBody>;

/** CheckArticleText: an article's title and HTML body as the editor holds them (saved or not). */
export const checkArticleTextBody = z.object({
  Title: optionalText('标题', 200),
  Content: z.string().default(''),
});
export type CheckArticleTextBody = z.infer<typeof checkArticleTextBody>;
