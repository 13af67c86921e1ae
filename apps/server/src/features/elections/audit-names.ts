/** How the election calls name what they wrote in the audit log (操作日志). */
export const TARGET = '换届选举';
export const CANDIDATE = '选举候选人';
export const describeElection = (e: { title: string }) => e.title;
