/** Activities (活动通知): the back office's editor, the member's sign-up, reminders; the spec leaves these open. */
/** Attendance certificates (培训证明 for a training activity, 参会证明 otherwise). */
export const attendanceCertMessages = {
  noneCheckedIn: '该活动尚无已签到的会员，无法颁发证明',
  /** A certificate says the member took part in the activity: it is issued once the activity has ended. */
  notEnded: (endTime: string) => `活动尚未结束（${endTime.slice(0, 16)} 结束），结束后方可颁发证明`,
  issued: (issued: number, kept: number) => (kept ? `已颁发${issued}份证明，另有${kept}位会员此前已颁发` : `已颁发${issued}份证明`),
  notFound: '未找到该证明',
  revoked: '证明已撤销',
  restored: '证明已恢复',
  notValid: '该证明已撤销，无法下载',
} as const;
