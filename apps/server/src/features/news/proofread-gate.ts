import { Code, contentMessages, type ProofFindingDto, type SaveNewsBody } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { Envelope } from '../../http/envelope.js';
import { toProofFindingDto } from '../proofreading/check-admin.js';
import { proofread, type ProofFinding } from '../proofreading/service.js';

/** The revision's note is a column of this width. */
const NOTE_MAX = 1000;

/** A finding as the revision records it: 严重错别字「中华人民共合国」→中华人民共和国×2, 敏感词「…」×1. */
const noted = (f: ProofFinding) => (f.kind === 'sensitive' ? `敏感词「${f.word}」×${f.count}` : `严重错别字「${f.word}」→${f.suggestion}×${f.count}`);

export type ProofreadGate = { refusal: Envelope<ProofFindingDto[]> } | { note: string | undefined };

/**
 * 校对 before an article is saved (docs/inspection.md): serious wrong words and sensitive words
 * stop the save (Code 513, the findings in Data) until the editor, having seen them, sends it
 * again with ProofreadConfirmed; that save's revision then names them. Words the dictionary
 * marks 一般 never stop a save: the editor's panel shows them.
 */
export async function proofreadGate(database: Database, body: SaveNewsBody): Promise<ProofreadGate> {
  const serious = (await proofread(database, { title: body.Title, html: body.NewContent })).filter((f) => f.severity === 'serious');
  if (serious.length === 0) return { note: undefined };
  if (!body.ProofreadConfirmed)
    return { refusal: { Code: Code.ProofreadFindings, Message: contentMessages.proofreadFindings, Data: serious.map(toProofFindingDto) } };
  const note = `确认保存：${serious.map(noted).join('；')}`;
  return { note: note.length > NOTE_MAX ? `${note.slice(0, NOTE_MAX - 1)}…` : note };
}
