/** The review chain (三审) and its approval record (features/review/). */
export const reviewMessages = {
  stepNameRequired: '请填写审核步骤名称',
  stepRolesRequired: '请选择审核角色',
  tooManySteps: (max: number) => `审核步骤最多${max}步`,
  roleNotFound: '审核角色不存在',
  roleCannotReview: (role: string) => `角色“${role}”没有“待我审核”权限，不能审核`,
  reviewNotFound: '审批记录不存在',
  notPending: '该稿件已不在审核中',
  notYourStep: '您的角色不能审核此步骤',
  ownArticle: '此步骤不得审核本人稿件',
  overrideRequired: '越级审核须填写原因',
  rejectReasonRequired: '请填写驳回理由',
  opinionTooLong: '审核意见不能超过500个字',
  overrideTooLong: '越级审核原因不能超过200个字',
  submitted: '已提交审核',
  editSubmitted: '修改已提交审核，审核通过后生效',
  approvedNext: (step: string) => `已通过，转${step}`,
  published: '审核通过，已发布',
  /** The last step approved after the version's own take-down time: it is closed, not published. */
  publishedPastTakeDown: '审核通过；下线时间已过，文章已下线',
  rejected: '已驳回',
  /** The last step approved a reply to a 在线留言 message: it is out (the asker sees it by 查询码 and is mailed). */
  replyApproved: '审核通过，答复已发出',
  /** SaveNews of a rejected article kept 审核不通过: saved, and still waiting for the author to resubmit. */
  savedNotResubmitted: '已保存，尚未重新提交审核（状态选择「正常」保存即重新提交）',
  /** 移动到栏目 of articles whose review is under way: the review decides where they stand. */
  bulkMoveInReview: (count: number) => `所选文章中有${count}篇正在审核中（新稿、投稿或修改待审），请待审核结束后再移动`,
} as const;
