import { useState } from 'react';
import { Alert, App, Button, Modal, Popconfirm, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ArticleStatus, contentMessages, type AdminNewsItemDto } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';
import { adminQueryKeys } from '../../../session/queries';

/**
 * 预览: the article's public page in any state, through a link that works for 72 hours for
 * whoever holds it, so it can be sent to a reviewer without a back-office account. A published
 * article also has its public address. Each link asked for is written to the audit log. A link
 * sent to the wrong person is called back here: 收回全部链接 ends every link of the article made
 * so far (a take-down or a deletion ends them too).
 */
export function PreviewDialog({ news, onClose }: { news: AdminNewsItemDto | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [revoking, setRevoking] = useState(false);
  const link = useQuery({
    queryKey: [...adminQueryKeys.all, 'newsPreview', news?.NewsId],
    queryFn: () => contentAdminApi.previewLink(news!.NewsId),
    enabled: news !== null,
    // A fresh link each time the dialog opens: its 72 hours start then.
    gcTime: 0,
  });
  const address = link.data && new URL(link.data.Url, window.location.origin).href;
  const revoke = () => {
    setRevoking(true);
    // The link shown is one of those called back: the dialog closes with it. A refusal was shown by the API client.
    return contentAdminApi
      .revokePreviews(news!.NewsId)
      .then(
        () => {
          void message.success(contentMessages.previewsRevoked);
          onClose();
        },
        () => undefined,
      )
      .finally(() => setRevoking(false));
  };
  return (
    <Modal
      title="预览文章"
      open={news !== null}
      onCancel={onClose}
      width={640}
      footer={[
        <Popconfirm key="revoke" title="收回后，此前生成的该文章预览链接全部失效。确定收回吗？" onConfirm={revoke}>
          <Button danger loading={revoking}>
            收回全部链接
          </Button>
        </Popconfirm>,
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="open" type="primary" href={address} target="_blank" rel="noopener" disabled={!address}>
          打开预览
        </Button>,
      ]}
    >
      {news && (
        <>
          <Typography.Paragraph>
            《{news.Title}》{news.Status === ArticleStatus.Published ? '已公开。' : '尚未公开，'}
            以下链接按公开页面的样子显示它（含未公开的状态），不被搜索引擎收录。
          </Typography.Paragraph>
          {link.isPending ? (
            <Spin />
          ) : address ? (
            <>
              <Typography.Paragraph
                code
                copyable={{ text: address, tooltips: ['复制链接', '已复制'] }}
                style={{ wordBreak: 'break-all' }}
                aria-label="预览链接"
              >
                {address}
              </Typography.Paragraph>
              <Alert
                type="info"
                showIcon
                message={`有效期至 ${link.data!.ExpireTime}；持有链接的人都能看到，可发给审核人，请勿公开转发。文章下线或删除后链接失效，也可随时收回。`}
              />
            </>
          ) : null}
        </>
      )}
    </Modal>
  );
}
