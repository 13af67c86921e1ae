import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { maskIdNumber } from './dto.js';
import { renderCertificate, type CertificateImage } from './image.js';
import type { CertRecord } from './records.js';

/** Certificates as files: one PNG (DownCert) or a zip of several (DownCerts). */

/** The verification page a certificate's QR code opens. */
export const verifyUrl = (base: string, r: CertRecord) => `${base}/cert/verify/${r.verifyToken}`;

const imageOf = (r: CertRecord, base: string, issuer: string): CertificateImage => ({
  name: r.name,
  idNum: maskIdNumber(r.idNum),
  company: r.company,
  certNum: r.certNum,
  examTime: r.examTime,
  issueDate: r.issueDate,
  issuer,
  verifyUrl: verifyUrl(base, r),
});

/** One certificate's PNG, as the request's site shows it. */
export function certificatePng(request: FastifyRequest, r: CertRecord): Promise<Buffer> {
  return renderCertificate(imageOf(r, publicBaseUrl(request), request.server.services.config.site.name));
}

/** A file name without path separators or characters archive tools refuse. */
const safeName = (text: string) => text.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_');

/**
 * The certificates as a zip of PNGs (姓名_证书编号.png), streamed: each is rendered when the
 * previous one has gone into the archive, and the archive goes out as the client reads it, so
 * memory holds one certificate at a time whatever the count. PNGs are stored, not deflated
 * again.
 */
export async function certificatesZip(request: FastifyRequest, records: readonly CertRecord[]): Promise<Readable> {
  // Loaded at the first zip: staff download certificates now and then, and every process would load it at start.
  const { default: archiver } = await import('archiver');
  const base = publicBaseUrl(request);
  const issuer = request.server.services.config.site.name;
  const archive = archiver('zip', { store: true });
  // A client that goes away ends the archive; stop rendering for it then.
  const gone = new AbortController();
  archive.once('close', () => gone.abort());
  const write = async () => {
    for (const r of records) {
      const png = await renderCertificate(imageOf(r, base, issuer));
      const added = once(archive, 'entry', { signal: gone.signal });
      archive.append(png, { name: safeName(`${r.name}_${r.certNum}.png`) });
      await added;
    }
    await archive.finalize();
  };
  write().catch((error: unknown) => {
    if (!gone.signal.aborted) archive.destroy(error as Error);
  });
  return archive;
}
