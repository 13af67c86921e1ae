import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { homeTabs, paging, type NewsListItemDto } from '@portal/shared';
import { portalQueries } from '../queries';
import { TabPanel, Tabs } from '../../components/Tabs';
import { findMenuByName, menuHref, useMenuTree } from '../layout';
import { Section } from './Section';
import { NewsRows } from './NewsRows';
import { HomePager } from './HomePager';
import { HomeStateForm, useHomeState } from './homeState';
import styles from './home.module.css';

type Seat = (typeof homeTabs)[number]['seat'];

/** The one panel under the tabs (the page has one such block). */
const PANEL_ID = 'home-tabs-panel';

/** Each column holds half a page: 12 per page in two columns of 6 (spec §2 "Home"). */
const perColumn = paging.homeTab / 2;

/** One page of a seat, in two columns of six. */
function TwoColumns({ items, label }: { items: readonly NewsListItemDto[] | undefined; label: string }) {
  if (!items || items.length === 0) return <NewsRows items={items} rows={perColumn} label={label} />;
  return (
    <div className={styles.twoColumns}>
      <NewsRows items={items.slice(0, perColumn)} rows={perColumn} label={`${label}（左栏）`} />
      {items.length > perColumn && <NewsRows items={items.slice(perColumn)} rows={perColumn} label={`${label}（右栏）`} />}
    </div>
  );
}

/**
 * 政策要闻 / 通知公告 / 协会动态 (seats 1–3). Changing tab starts that tab's list at page 1.
 * 更多 leads to the column of the same name when the menu tree has one.
 */
export function PositionTabs({ className }: { className?: string }) {
  const initial = useHomeState();
  const [seat, setSeat] = useState<Seat>(initial.seat);
  const [page, setPage] = useState<number>(initial.tabPage);
  const list = useQuery({
    ...portalQueries.seatTab(seat, page),
    // Keep the rows while the next page of the same tab loads; a new tab starts from its skeleton.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === seat ? keepPreviousData(previous) : undefined),
  });
  const tree = useMenuTree();
  const active = homeTabs.find((t) => t.seat === seat) ?? homeTabs[0];
  const menu = findMenuByName(tree.data ?? [], active.label);

  return (
    <Section
      title={active.label}
      className={className}
      more={menu ? menuHref(menu) : undefined}
      heading={
        <HomeStateForm sets={['tab', 'tabPage']}>
          <Tabs
            className={styles.tabs}
            items={homeTabs.map((t) => ({ key: t.seat, label: t.label }))}
            active={seat}
            submitAs="tab"
            panelId={PANEL_ID}
            onChange={(next) => {
              setSeat(next);
              setPage(paging.firstPage);
            }}
          />
        </HomeStateForm>
      }
    >
      <TabPanel id={PANEL_ID} active={seat} className={styles.tabPanel}>
        <TwoColumns items={list.isError ? [] : list.data?.List} label={`${active.label}列表`} />
        <HomePager page={page} pageSize={paging.homeTab} total={list.data?.TotalCount ?? 0} onChange={setPage} label={`${active.label}分页`} field="tabPage" />
      </TabPanel>
    </Section>
  );
}
