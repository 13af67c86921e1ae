import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { paging } from '@portal/shared';
import { certificatesApi } from '../../api/certificates';
import { CertTable } from './CertTable';
import { MyAttendanceCertificates } from './MyAttendanceCertificates';

/**
 * 我的证书 (spec §6: members list and download certificates): the certificates of the member's
 * own company, as the association recorded its name on them, then the company's 参会证明 and
 * 培训证明. The member token proves them, so a download needs nothing else.
 */
export function MyCertificates({ company }: { company: string | undefined }) {
  const [page, setPage] = useState<number>(paging.firstPage);
  const result = useQuery({ queryKey: ['myCertificates', page], queryFn: () => certificatesApi.mine(page), placeholderData: keepPreviousData, retry: false });
  return (
    <>
      <p style={{ margin: '16px 0 0' }}>以下为登记在{company ? `「${company}」` : '本单位'}名下的考试成绩与证书。</p>
      <CertTable
        list={result.data}
        page={page}
        busy={result.isPending || result.isFetching}
        onPage={setPage}
        emptyText={result.error?.message ?? '本单位暂无证书记录'}
      />
      <MyAttendanceCertificates />
    </>
  );
}
