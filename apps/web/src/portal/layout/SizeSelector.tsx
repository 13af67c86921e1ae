import { Dropdown } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { layoutSizes, type LayoutSize } from '@portal/shared';
import { useLayoutSize } from '../../AppProviders';

const sizeLabels: Record<LayoutSize, string> = { medium: '中等', small: '较小', mini: '迷你' };

/** The layout size selector of spec §2 "Header": medium, small, mini. */
export function SizeSelector({ className }: { className?: string }) {
  const { size, setSize } = useLayoutSize();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: layoutSizes.map((s) => ({ key: s, label: sizeLabels[s] })),
        selectable: true,
        selectedKeys: [size],
        onClick: ({ key }) => setSize(key as LayoutSize),
      }}
    >
      {/* The name holds the visible text (WCAG 2.5.3), so speech users can say what they see. */}
      <button type="button" className={className} aria-label={`页面尺寸：${sizeLabels[size]}`}>
        尺寸：{sizeLabels[size]} <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}
