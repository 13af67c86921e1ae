import type { ReactNode } from 'react';
import { AuditOutlined, CloudUploadOutlined, EditOutlined, FileAddOutlined } from '@ant-design/icons';
import type { EditorFiguresDto } from '@portal/shared';
import { seriesColor } from '../../../../components/charts';
import { editorFigures } from '../shared/editorFigures';
import { FigureCard } from '../shared/FigureCard';
import styles from './editors.module.css';

/** Each figure's icon and unit: articles written are 篇, the other figures count saves and decisions (次). */
const looks: Record<keyof EditorFiguresDto, { icon: ReactNode; unit: string }> = {
  Created: { icon: <FileAddOutlined />, unit: '篇' },
  Published: { icon: <CloudUploadOutlined />, unit: '次' },
  Edited: { icon: <EditOutlined />, unit: '次' },
  Reviewed: { icon: <AuditOutlined />, unit: '次' },
};

/** The office's 新建, 发布, 修改 and 审核 over the months, each badge in its bars' colour in the chart below. */
export function EditorFigureCards({ total, loading }: { total: EditorFiguresDto | undefined; loading: boolean }) {
  return (
    <div className={styles.figures}>
      {editorFigures.map(({ key, name }, i) => (
        <FigureCard key={key} {...looks[key]} tone={seriesColor(i)} label={name} value={total?.[key]} loading={loading} />
      ))}
    </div>
  );
}
