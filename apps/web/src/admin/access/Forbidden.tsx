import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { codeMessages } from '@portal/shared';
import { homePath, homeTitle } from '../routes/menuTree';

/** Inside the shell: a page the administrator may not open, or an address outside their routes. */
export function Forbidden() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="无权限"
      subTitle={`${codeMessages[403]}，请联系管理员分配权限`}
      extra={
        <Button type="primary" onClick={() => navigate(homePath)}>
          返回{homeTitle}
        </Button>
      }
    />
  );
}
