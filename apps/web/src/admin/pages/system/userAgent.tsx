import { Tooltip } from 'antd';

/** The browser and system a User-Agent names, first match wins (Edge and Opera also say Chrome, iOS says Mac OS X, Android says Linux). */
const browsers: readonly [RegExp, string][] = [
  [/MicroMessenger\/(\d+)/, '微信'],
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* .*Safari\//, 'Safari'],
];
const systems: readonly [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** E.g. 'Chrome 126 · Windows'; '' when neither is recognised. */
export function browserSummary(agent: string): string {
  const browser = browsers.map(([pattern, name]) => ({ name, match: pattern.exec(agent) })).find((b) => b.match);
  const system = systems.find(([pattern]) => pattern.test(agent))?.[1];
  return [browser && `${browser.name} ${browser.match?.[1]}`, system].filter(Boolean).join(' · ');
}

/** A User-Agent in a table cell: the short summary, the whole string on hover. */
export function UserAgent({ agent }: { agent: string }) {
  if (!agent) return <>-</>;
  return (
    <Tooltip title={agent}>
      <span>{browserSummary(agent) || agent}</span>
    </Tooltip>
  );
}
