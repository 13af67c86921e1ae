import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import { codeMessages } from '@portal/shared';
import { Icon } from '../../components/Icon';
import { ErrorPage } from './ErrorPage';
import buttons from '../../components/button.module.css';

/**
 * What a public page shows when the server answered it 503: the database is away and no copy of
 * the page was kept. Every page of the site reads the database, so the way on is to try again.
 */
export function UnavailablePage() {
  return (
    <ErrorPage
      title={codeMessages[503]}
      status="503"
      heading={codeMessages[503]}
      text="网站正在维护，内容暂时无法读取，请稍后刷新本页。"
      action={
        <button type="button" className={`${buttons.primary} ${buttons.large}`} onClick={() => window.location.reload()}>
          <Icon icon={ReloadOutlined} /> 刷新页面
        </button>
      }
    />
  );
}
