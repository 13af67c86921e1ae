/** The first administrator created with a generated password (features/system/seed.ts). */
export interface FirstAdmin {
  account: string;
  password: string;
}

/**
 * The generated password, shown once in a box a person notices among the start-up lines (the
 * log line beside it carries no password). It is stored only hashed, so this is the one
 * chance to read it; the first sign-in with it must choose a new one.
 */
export function printFirstAdmin({ account, password }: FirstAdmin, write: (text: string) => void = (t) => process.stdout.write(t)): void {
  const lines = [
    '后台首次启动：已创建超级管理员 / First start: administrator created',
    '',
    `  账号 account : ${account}`,
    `  密码 password: ${password}`,
    '',
    '此密码只显示这一次；首次登录后须立即设置新密码。',
    'Shown only this once; the first sign-in must choose a new password.',
    '忘记密码: npm run cli -- admin reset-password admin',
  ];
  const width = Math.max(...lines.map(displayWidth));
  const bar = '═'.repeat(width + 2);
  const body = lines.map((line) => `║ ${line}${' '.repeat(width - displayWidth(line))} ║`);
  write(`\n╔${bar}╗\n${body.join('\n')}\n╚${bar}╝\n\n`);
}

/** Terminal columns: CJK characters and full-width punctuation take two. */
function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) ? 2 : 1;
  return width;
}
