/** Contributions and their review (spec §5 gives the title, menu and image texts; these are the rest). */
export const contributionMessages = {
  menuClosed: '该栏目不接受投稿，请选择其他栏目',
  notYours: '只能修改自己的投稿',
  notEditable: '只有审核不通过的投稿可以修改后重新提交',
  bodyTooLong: (max: number) => `正文不能超过${max}字`,
  tooMany: (perHour: number) => `投稿过于频繁，每小时最多提交${perHour}篇，请稍后再试`,
  coverMissing: '封面图片不存在，请重新上传',
  decisionRequired: '请选择审核结果',
  reasonRequired: '请输入驳回原因',
  reasonTooLong: '驳回原因不能超过200个字',
  notUnderReview: '该投稿不在审核中，请刷新后重试',
  notContribution: '该文章不是会员投稿',
  /** SaveNews, 批量下线 or a restore of a contribution still in review: only its review (or the member's resubmission) moves it on. */
  stillInReview: '会员投稿只能经投稿审核处理：审核中的请在投稿审核中通过或驳回，审核不通过的由会员修改后重新提交',
  bulkStillInReview: (count: number) => `所选文章中有${count}篇会员投稿在审核流程中（审核中或审核不通过），请在投稿审核中处理`,
  wordRequired: '请输入敏感词',
  wordTooLong: '每个敏感词不能超过50个字',
  tooManyWords: '一次最多添加10000个敏感词',
  wordFileType: '请上传.txt文本文件（UTF-8编码，每行一个词）',
  wordFileTooLarge: '文件不得大于1MB',
} as const;
