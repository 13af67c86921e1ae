// Certificates: renders per second of the certificate PNG, and the time to import a 5,000-row
// results sheet into SQLite. Run: npx tsx bench/certificates.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { idCheckCharacter } from '@portal/shared';
import { connect } from '../apps/server/src/db/connection.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { renderCertificate, type CertificateImage } from '../apps/server/src/features/certificates/image.js';
import { importCertificates } from '../apps/server/src/features/certificates/import.js';

const RENDERS = 60;
const IN_FLIGHT = 4;
const ROWS = 5000;
const IMPORT_RUNS = 3;

const surnames = '王李张刘陈杨赵黄周吴徐孙马朱胡郭';
const given = ['建华', '志强', '立新', '海涛', '文静', '晓东', '国平', '振宇', '丽萍', '宏伟', '明远', '淑敏'];
const idNumber = (serial: number, year: number) => {
  const first17 = `110101${year}0101${String(serial % 1000).padStart(3, '0')}`;
  return first17 + idCheckCharacter(first17);
};
const certificate = (i: number): CertificateImage => ({
  name: `${surnames[i % surnames.length]}${given[i % given.length]}`,
  idNum: `110101********${String(1000 + i).slice(-4)}`,
  company: `第${i}建设工程有限公司`,
  certNum: `GCFX-2024-${String(i).padStart(5, '0')}`,
  examTime: '2024-05-12',
  issueDate: '2024-06-01',
  issuer: '中国建设工程保险风险管理协会',
  verifyUrl: `https://www.example.org.cn/cert/verify/${'x'.repeat(43)}${i}`,
});

/** Three characters no earlier name used, from the CJK block in steps that avoid repeats. */
const rareName = (i: number) => String.fromCodePoint(0x5500 + i * 3, 0x5501 + i * 3, 0x5502 + i * 3);

async function renders(): Promise<void> {
  const perRender = (usage: NodeJS.CpuUsage) => ((usage.user + usage.system) / 1000 / RENDERS).toFixed(1);
  /** Renders one at a time; their rate, and the CPU time (event loop and thread pool) of each, less sensitive to other load. */
  const oneAtATime = async (of: (i: number) => CertificateImage) => {
    const [started, cpu] = [performance.now(), process.cpuUsage()];
    for (let i = 1; i <= RENDERS; i++) await renderCertificate(of(i));
    return `${(RENDERS / ((performance.now() - started) / 1000)).toFixed(1)} (CPU ${perRender(process.cpuUsage(cpu))} ms a render)`;
  };
  let started = performance.now();
  const first = await renderCertificate(certificate(0));
  console.log(
    `first render (reads the fonts, renders the issuer's layers): ${(performance.now() - started).toFixed(0)} ms, ${(first.length / 1024).toFixed(0)} KiB`,
  );
  // Names from a small pool, as most real names share their characters.
  console.log(`renders per second, one at a time: ${await oneAtATime(certificate)}`);
  // Names of characters never drawn before: each is outlined from the font file on first use.
  console.log(`renders per second, one at a time, names of unseen characters: ${await oneAtATime((i) => ({ ...certificate(i), name: rareName(i) }))}`);
  started = performance.now();
  let next = RENDERS + 1;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next <= RENDERS * 2) await renderCertificate(certificate(next++));
    }),
  );
  console.log(`renders per second, ${IN_FLIGHT} in flight: ${(RENDERS / ((performance.now() - started) / 1000)).toFixed(1)} (${RENDERS} each way)`);
}

async function sheet(run: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('成绩');
  ws.addRow(['姓名', '身份证号', '工作单位', '考试时间', '考试结果', '证书编号', '发证日期', '备注']);
  for (let i = 0; i < ROWS; i++) {
    const passed = i % 5 !== 0;
    ws.addRow([
      `${surnames[i % surnames.length]}${given[i % given.length]}`,
      idNumber(i, 1970 + Math.floor(i / 1000)),
      `第${i % 97}建设工程有限公司`,
      new Date(Date.UTC(2020 + run, 4, 12)),
      passed ? '合格' : '不合格',
      passed ? `GCFX-${run}-${i}` : null,
      passed ? `${2020 + run}/6/1` : null,
      '',
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function imports(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-certs-'));
  const database = await connect({ dataDir });
  try {
    await migrate(database);
    const times: number[] = [];
    let size = 0;
    for (let run = 0; run < IMPORT_RUNS; run++) {
      const file = await sheet(run);
      size = file.length;
      const started = performance.now();
      const imported = await importCertificates(database, file, Date.now());
      times.push(performance.now() - started);
      if (imported !== ROWS) throw new Error(`imported ${imported} of ${ROWS}`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `import ${ROWS} rows (${(size / 1024).toFixed(0)} KiB .xlsx, read + check + one transaction) into SQLite: median ${(sorted[1] as number).toFixed(0)} ms of ${IMPORT_RUNS} (${times.map((t) => t.toFixed(0)).join(', ')})`,
    );
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}; Node ${process.version}; load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}`,
);
await renders();
await imports();
