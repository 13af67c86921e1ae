import { mailingCategories, mailingCategoryNames } from '@portal/shared';

/** 通知公告, 活动, 会费, 调查 as a select's options and a list filter's. */
export const categoryOptions = mailingCategories.map((value) => ({ label: mailingCategoryNames[value], value }));
