import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { sitePages } from '@portal/shared';
import { SkeletonRows } from '../../components/Skeleton';
import { ContentPage, Panel } from '../content/ContentPage';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { StatusNotice } from '../content/Notices';
import { usePageTitle } from '../content/usePageTitle';
import { PageLink } from '../layout';
import { messageAnswerOf, read, type PageData } from '../pageData';
import { messageQueries } from './queries';
import { AnswerCard } from './AnswerCard';
import styles from './messages.module.css';

const board = sitePages.messages;

/** /messages/:id: one published question and its answer, under its public title (docs/messages.md). */
export function MessageAnswerPage() {
  const messageId = messageAnswerOf(useLocation().pathname);
  const message = useQuery({ ...messageQueries.publishedMessage(messageId), enabled: messageId > 0 });
  const title = message.data?.Title ?? board.title;
  usePageTitle(title);
  return (
    <ContentPage>
      <Panel title={title} crumbs={<MenuCrumbs path={[]} via={{ title: board.title, to: board.path }} tail="留言详情" />}>
        {message.data ? (
          <AnswerCard message={message.data} titled={false} />
        ) : message.isError || messageId === 0 ? (
          <StatusNotice title={message.error?.message ?? '留言不存在或未公开'} text="该留言可能已撤回公开。" />
        ) : (
          <SkeletonRows rows={6} />
        )}
        <p className={styles.back}>
          <PageLink to={board.path}>返回留言选登</PageLink>
        </p>
      </Panel>
    </ContentPage>
  );
}

/** /messages/:id: one published question and answer (not found is the page's answer). */
export const messageAnswerData: PageData = ({ pathname }) => {
  const id = messageAnswerOf(pathname);
  return { queries: id ? [read(messageQueries.publishedMessage(id))] : [] };
};
