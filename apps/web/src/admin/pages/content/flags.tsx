export { articleStatusOptions, ArticleStatusTag } from '../../../components/ArticleStatusTag';

export const yesNoOptions = [
  { label: '是', value: 1 },
  { label: '否', value: 0 },
];
