import type { ReactNode } from 'react';
import { Button, Result, type ResultProps } from 'antd';
import { useNavigate } from 'react-router';
import { codeMessages } from '@portal/shared';
import { homePath, homeTitle, notFoundTitle } from '../routes/menuTree';

/** A page of the shell that has nothing to show, with the way back to 工作台. */
function ShellResult({ status, title, subTitle }: { status: ResultProps['status']; title: string; subTitle: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={title}
      subTitle={subTitle}
      extra={
        <Button type="primary" onClick={() => navigate(homePath)}>
          返回{homeTitle}
        </Button>
      }
    />
  );
}

/** A page of this administrator's menus whose permission they no longer hold. */
export function Forbidden() {
  return <ShellResult status="403" title="无权限" subTitle={`${codeMessages[403]}，请联系管理员分配权限`} />;
}

/** An address under /System that is none of this administrator's pages. */
export function NotFound() {
  return <ShellResult status="404" title={notFoundTitle} subTitle="您访问的页面不存在或已被移除，请从左侧菜单进入" />;
}

/**
 * A menu names a page this version of the back office does not have. Said to the user without
 * the component path (that is for whoever configures menus: it is in the console).
 */
export function UnderConstruction({ componentKey }: { componentKey: string }) {
  console.warn(`后台菜单的组件路径没有对应页面：${componentKey || '（未填写）'}`);
  return <ShellResult status="info" title="页面建设中" subTitle="该页面尚未开放，请联系系统管理员" />;
}
