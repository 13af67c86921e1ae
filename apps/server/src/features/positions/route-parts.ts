import { contentMessages } from '@portal/shared';

/** What 推荐位管理's route tables share: the audit target and the 404 of a missing placement. */
export const POSITION = '推荐位';
export const positionMissing = { 404: contentMessages.positionNotFound };
