import { useNavigate } from 'react-router';
import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import { Icon } from '../../components/Icon';
import { ErrorPage } from './ErrorPage';
import buttons from '../../components/button.module.css';

/** What was not found: a page (the default), or an article the server answered 404 for. */
const subjects = {
  page: { title: '页面不存在', heading: '抱歉，您访问的页面不存在', text: '您要找的页面可能已被删除、更名或暂时不可用。' },
  article: { title: '文章不存在', heading: '抱歉，您访问的文章不存在', text: '该文章可能已被删除、撤回或尚未发布。' },
} as const;

/** The error page of spec §2 (/404 and every unmatched address). */
export function NotFoundPage({ subject = 'page' }: { subject?: keyof typeof subjects }) {
  const { title, heading, text } = subjects[subject];
  const navigate = useNavigate();
  return (
    <ErrorPage
      title={title}
      status="404"
      heading={heading}
      text={text}
      action={
        <button type="button" className={`${buttons.primary} ${buttons.large}`} onClick={() => void navigate('/home')}>
          <Icon icon={HomeOutlined} /> 返回首页
        </button>
      }
    />
  );
}
