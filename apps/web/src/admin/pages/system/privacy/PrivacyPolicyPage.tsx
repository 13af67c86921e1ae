import { Alert, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { privacyVersionPath, sitePages, type PrivacyPolicyDto } from '@portal/shared';
import { privacyApi } from '../../../../api/privacy';
import { useAction } from '../../../shared/useAction';
import { ListPage, listResource, useListPage } from '../../../list';
import { PrivacyPolicyDialog } from './PrivacyPolicyDialog';
import { currentPolicyQuery, privacyKey } from './queries';

const isDraft = (p: PrivacyPolicyDto) => p.Version === 0;

function Standing({ policy }: { policy: PrivacyPolicyDto }) {
  if (isDraft(policy)) return <Tag color="warning">草稿</Tag>;
  return policy.IsCurrent ? <Tag color="success">现行版本</Tag> : <Tag>历史版本</Tag>;
}

const policies = listResource<PrivacyPolicyDto>({
  key: privacyKey,
  fetch: privacyApi.versions,
  rowKey: 'Id',
  numbered: false,
  columns: [
    { title: '版本', key: 'version', width: 90, render: (_, p) => (isDraft(p) ? '—' : `第${p.Version}版`) },
    { title: '状态', key: 'standing', width: 110, render: (_, p) => <Standing policy={p} /> },
    { title: '变更说明', dataIndex: 'Summary', ellipsis: true },
    { title: '发布时间', dataIndex: 'PublishTime', width: 180, render: (t: string) => t || '未发布' },
    { title: '更新时间', dataIndex: 'UpdateTime', width: 180 },
  ],
  dialog: PrivacyPolicyDialog,
  add: { perm: 'system:privacy:add', label: '新增版本' },
  edit: { perm: 'system:privacy:edit', when: isDraft },
  remove: {
    perm: 'system:privacy:delete',
    when: isDraft,
    question: (p) => `确定删除草稿“${p.Summary}”吗？`,
    run: (p) => privacyApi.remove(p.Id),
  },
});

/**
 * 隐私政策 (component system/privacy/index): the versions of the policy at /privacy. A new
 * version is written as a draft, from the current text, and published when ready; published
 * versions stay as they were, each viewable on the site, so what a visitor accepted can be shown.
 */
export default function PrivacyPolicyPage() {
  const page = useListPage(policies);
  // Loaded ahead, so 新增版本 opens on the current text.
  useQuery(currentPolicyQuery);
  const publish = useAction((p: PrivacyPolicyDto) => privacyApi.publish(p.Id), page.refresh);
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={
          <>
            隐私政策显示在官网{' '}
            <a href={sitePages.privacy.path} target="_blank" rel="noreferrer">
              {sitePages.privacy.path}
            </a>
            ，每个页面的页脚都链接到此页。
          </>
        }
        description="修改政策请新增版本：草稿以现行版本为底稿，填写变更说明后发布，发布即生效，历次版本在官网可查。开启邮件打开跟踪等新的个人信息处理前，请先在政策中说明。"
      />
      <ListPage
        resource={policies}
        page={page}
        rowActions={[
          {
            label: '发布',
            perm: 'system:privacy:publish',
            when: isDraft,
            confirm: (p) => `确定发布草稿“${p.Summary}”吗？`,
            confirmDetail: '发布后立即成为官网的现行版本，不能再修改或删除。',
            run: publish,
          },
          { label: '查看', when: (p) => !isDraft(p), href: (p) => (p.IsCurrent ? sitePages.privacy.path : privacyVersionPath(p.Version)) },
        ]}
      />
    </>
  );
}
