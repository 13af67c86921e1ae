import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { TabPanel, Tabs } from '../../components/Tabs';
import { SkeletonRows } from '../../components/Skeleton';
import { ContentPage, Panel } from '../content/ContentPage';
import { Callout } from '../content/Notices';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { usePageTitle } from '../content/usePageTitle';
import { useMemberSession } from '../member/session';
import { keywordOf, listPageOf, messagesTabOf, read, type PageData } from '../pageData';
import { messageQueries } from './queries';
import { AskForm } from './AskForm';
import { Lookup } from './Lookup';
import { PublishedAnswers } from './PublishedAnswers';

const TITLE = '在线留言';
const PANEL_ID = 'messages-panel';

// 我的留言 loads when a member opens it: visitors never need its code.
const MyMessages = lazy(() => import('./MyMessages').then((m) => ({ default: m.MyMessages })));

type Tab = 'answers' | 'ask' | 'lookup' | 'mine';
const tabs: { key: Tab; label: string }[] = [
  { key: 'answers', label: '留言选登' },
  { key: 'ask', label: '我要留言' },
  { key: 'lookup', label: '留言查询' },
];
const memberTabs: typeof tabs = [...tabs, { key: 'mine', label: '我的留言' }];

/**
 * 在线留言 (docs/messages.md): the published questions and answers, the ask form, the lookup by
 * 查询码 (state, reply, rating) and, for a signed-in member, 我的留言. The tab is in the address
 * (`?tab=ask`), so a menu or a link can open any of them; the 查询码 never is.
 */
export function MessagesPage() {
  usePageTitle(TITLE);
  const { loggedIn } = useMemberSession();
  const [params, setParams] = useSearchParams();
  const shown = loggedIn ? memberTabs : tabs;
  const asked = messagesTabOf(params);
  const tab: Tab = shown.find((t) => t.key === asked && t.key !== 'answers')?.key ?? 'answers';
  // The code just received, handed to the lookup when the asker follows it from the notice.
  const [lookupCode, setLookupCode] = useState('');

  const choose = (key: Tab) =>
    setParams(() => {
      const next = new URLSearchParams();
      if (key !== 'answers') next.set('tab', key);
      return next;
    });
  const follow = (code: string) => {
    setLookupCode(code);
    choose('lookup');
  };

  return (
    <ContentPage>
      <Panel title={TITLE} crumbs={<MenuCrumbs path={[]} tail={TITLE} />}>
        <Tabs items={shown} active={tab} onChange={choose} panelId={PANEL_ID} />
        <TabPanel id={PANEL_ID} active={tab}>
          {(tab === 'ask' || tab === 'lookup') && (
            // Reading, searching and paging the answers work without a script; asking and the
            // lookup do not (docs/messages.md, "Without JavaScript"): say so rather than show a dead form.
            <noscript>
              <Callout tone="warning">留言和查询需要浏览器启用JavaScript；已公开的留言与答复可在“留言选登”中阅读。</Callout>
            </noscript>
          )}
          {tab === 'answers' && <PublishedAnswers />}
          {tab === 'ask' && <AskForm onFollow={follow} />}
          {tab === 'lookup' && <Lookup key={lookupCode} initialCode={lookupCode} />}
          {tab === 'mine' && (
            <Suspense fallback={<SkeletonRows rows={4} />}>
              <MyMessages />
            </Suspense>
          )}
        </TabPanel>
      </Panel>
    </ContentPage>
  );
}

/**
 * /messages: 我要留言 draws the categories and what the site requires; 留言查询 draws only its form
 * (the captcha and the lookup are the visitor's own, asked in the browser); any other tab is
 * drawn as 留言选登, a page of the published answers (我的留言 too: the server has no member session).
 */
export const messagesData: PageData = ({ params }) => {
  const tab = messagesTabOf(params);
  if (tab === 'ask') return { queries: [read(messageQueries.messageOptions())] };
  if (tab === 'lookup') return { queries: [] };
  return { queries: [read(messageQueries.publishedMessages(keywordOf(params), listPageOf(params)))] };
};
