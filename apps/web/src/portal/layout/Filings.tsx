import { ICP_FILING_SITE, policeFilingRecord, type SiteInfoDto } from '@portal/shared';

/**
 * The filing numbers Chinese sites must show at the bottom of every page: the ICP number and the
 * 公安联网备案号 with its icon, each linked to its record. The footer and the 404 page show them
 * (the server-drawn verification pages draw the same lines: certificates/verify-page.ts).
 */
export function Filings({ site }: { site: SiteInfoDto | undefined }) {
  return (
    <>
      {site?.Icp && (
        <a href={ICP_FILING_SITE} target="_blank" rel="noopener noreferrer" style={{ color: 'inherit' }}>
          {site.Icp}
        </a>
      )}
      {site?.PoliceFiling && (
        <a
          href={policeFilingRecord(site.PoliceFiling)}
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
