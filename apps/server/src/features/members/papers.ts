import type { Kysely } from 'kysely';
import { memberMessages } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/envelope.js';
import type { UploadOwner } from '../uploads/records.js';

/**
 * Which stored papers a member record may name (FilePath). Application papers are private: they
 * download through the guarded calls of the member that names them (GetApplyFile, and
 * GetMemberFile for staff). So naming a path is taking it, and a record may name only:
 *
 *   - nothing, or the papers it names already (a resubmission or an edit that keeps them);
 *   - papers uploaded through the public UploadFile that nobody has taken yet: by a visitor
 *     (a new applicant has no session to bind the upload to; the random stored name, handed to
 *     the uploader alone, is the proof) or by this same applicant under their application token.
 *
 * Taking papers makes them the member's (uploads.owner = 'member:<id>'), in the transaction that
 * writes the record, so a second record naming them, even in a request racing this one, is
 * refused. Without this, an application naming another applicant's stored path was accepted
 * and its applicant then downloaded the other company's papers.
 */
export async function takePapers(db: Kysely<DB>, memberId: number, path: string, current = ''): Promise<void> {
  if (path === '' || path === current) return;
  const mine: UploadOwner = `member:${memberId}`;
  const taken = await db
    .updateTable('uploads')
    .set({ owner: mine })
    .where('path', '=', path)
    .where('kind', '=', 'memberAttachment')
    .where('owner', 'in', ['visitor', mine])
    // Papers from before uploads had owners are named by their member; they stay theirs.
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('members').select('id').where('file_path', '=', path).where('id', '!=', memberId))))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) throw badRequest(memberMessages.filePathInvalid);
}
