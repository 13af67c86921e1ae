import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules the public site is held to: WCAG 2.1 AA (GB/T 37668) and 2.2's target size, best practice, and the experimental 2.5.3 name check. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'];

const IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;

/** axe's findings on the page (or the part `include` selects) at `least` impact and above, each with its nodes, for an assertion's message. */
export async function axeFindings(page: Page, { include, least = 'minor' }: { include?: string; least?: (typeof IMPACTS)[number] } = {}): Promise<string[]> {
  // axe runs in the page itself (legacy mode), not frame by frame with the results put together in
  // a blank page of its own: the same rules over the same frames for a page whose frames are all
  // its own origin's, checked here, in about half the time (a home page's scan: 4.4 → 2.5 s).
  const origin = new URL(page.url()).origin;
  const foreign = page.frames().filter((f) => /^https?:/.test(f.url()) && new URL(f.url()).origin !== origin);
  if (foreign.length) throw new Error(`axe's legacy mode does not reach frames of another origin: ${foreign.map((f) => f.url()).join(', ')}`);
  // A toast (antd message) fades out on its own timer, and a scan that meets it mid-fade reads its
  // text at a few percent opacity as a contrast failure: it is left out. Its colours are antd's own
  // dark text on white, far above AA.
  let builder = new AxeBuilder({ page }).withTags(TAGS).exclude('.ant-message').setLegacyMode(true);
  // A part of the page (a dialog) is not a page: the rules about the whole page's landmarks and h1 do not apply to it.
  if (include) builder = builder.include(include).disableRules(['landmark-one-main', 'page-has-heading-one', 'region']);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => IMPACTS.indexOf(v.impact ?? 'minor') >= IMPACTS.indexOf(least))
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join('\n')}`);
}
