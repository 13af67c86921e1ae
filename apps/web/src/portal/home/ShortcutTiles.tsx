import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import BarChartOutlined from '@ant-design/icons-svg/es/asn/BarChartOutlined';
import ReadOutlined from '@ant-design/icons-svg/es/asn/ReadOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import SolutionOutlined from '@ant-design/icons-svg/es/asn/SolutionOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import TrophyOutlined from '@ant-design/icons-svg/es/asn/TrophyOutlined';
import { membershipTile, menuPath, messages, shortcutTiles } from '@portal/shared';
import { contentApi } from '../../api/content';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../components/toast';
import { useMemberDialogs } from '../member/MemberDialogs';
import styles from './home.module.css';
import { Icon } from '../../components/Icon';

type Tile = (typeof shortcutTiles)[number];

const tileIcons: Record<Tile, ReactNode> = {
  入会申请: <Icon icon={SolutionOutlined} />,
  专家智库: <Icon icon={TeamOutlined} />,
  协会期刊: <Icon icon={ReadOutlined} />,
  鉴定评优: <Icon icon={TrophyOutlined} />,
  信用管理: <Icon icon={SafetyCertificateOutlined} />,
  行业统计: <Icon icon={BarChartOutlined} />,
};

const tileHints: Record<Tile, string> = {
  入会申请: '在线提交入会材料',
  专家智库: '行业专家资源库',
  协会期刊: '期刊浏览与投稿',
  鉴定评优: '成果鉴定与评优',
  信用管理: '行业信用信息',
  行业统计: '统计数据与报告',
};

/**
 * The six shortcut tiles (spec §2 "Home"): 入会申请 opens the application dialog; the others
 * look their menu up by label and open its menuList page, or say that the route is missing.
 */
export function ShortcutTiles() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { openApply } = useMemberDialogs();
  const [pending, setPending] = useState<Tile | null>(null);

  const open = async (tile: Tile) => {
    if (tile === membershipTile) {
      openApply();
      return;
    }
    setPending(tile);
    try {
      const menu = await queryClient.fetchQuery({ queryKey: ['menuByLabel', tile], queryFn: () => contentApi.menuByLabel(tile), staleTime: 5 * 60_000 });
      if (menu) void navigate(menuPath({ id: menu.MenuId, parentId: menu.ParentId }));
      else toast('warning', messages.menuRouteMissing);
    } catch {
      toast('warning', messages.menuRouteMissing);
    } finally {
      setPending(null);
    }
  };

  return (
    <nav className={styles.tiles} aria-label="快捷入口">
      {shortcutTiles.map((tile) => (
        <button key={tile} type="button" className={styles.tile} onClick={() => void open(tile)} disabled={pending !== null}>
          <span className={styles.tileIcon}>{pending === tile ? <Spinner size={14} /> : tileIcons[tile]}</span>
          <span className={styles.tileText}>
            <strong>{tile}</strong>
            <small>{tileHints[tile]}</small>
          </span>
        </button>
      ))}
    </nav>
  );
}
