import { lazy, Suspense, useState } from 'react';
import { Button, Modal, Skeleton } from 'antd';
import { dialogWidth } from '@portal/shared';
import { memberRights } from '../../api/rights';

const MyData = lazy(() => import('./MyData').then((m) => ({ default: m.MyData })));

/**
 * 我的个人信息 for an applicant (under review, or turned down): they have no member area yet, so
 * the login and application dialogs offer it, opened with the application token GetLoginToken
 * handed out. Their rights do not wait for the association's decision.
 */
export function ApplicantDataLink({ token }: { token: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => setOpen(true)}>
        查看我的个人信息
      </Button>
      <Modal title="我的个人信息" open={open} width={dialogWidth.large} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 6 }} />}>
          <MyData api={memberRights(token)} />
        </Suspense>
      </Modal>
    </>
  );
}
