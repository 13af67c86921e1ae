import type { SiteInfoDto } from '@portal/shared';

const ICP_SITE = 'https://beian.miit.gov.cn';
/** A 公安联网备案号's record on the public security filing site, found by the number's digits. */
const policeRecord = (filing: string) => `https://beian.mps.gov.cn/#/query/webSearch?code=${filing.replace(/\D/g, '')}`;

/**
 * The filing numbers Chinese sites must show at the bottom of every page: the ICP number and the
 * 公安联网备案号 with its icon, each linked to its record. The footer and the 404 page show them.
 */
export function Filings({ site }: { site: SiteInfoDto | undefined }) {
  return (
    <>
      {site?.Icp && (
        <a href={ICP_SITE} target="_blank" rel="noopener noreferrer" style={{ color: 'inherit' }}>
          {site.Icp}
        </a>
      )}
      {site?.PoliceFiling && (
        <a
          href={policeRecord(site.PoliceFiling)}
          target="_blank"
          rel="noopener noreferrer"
          style={{ color: 'inherit', display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <img src="/police-filing.svg" alt="" width={16} height={16} />
          {site.PoliceFiling}
        </a>
      )}
    </>
  );
}
