import type { ReactNode } from 'react';
import { Button, Tag, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, DownOutlined, HolderOutlined, LockOutlined, RightOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { formFieldTypeNames, isAnswered, type FormField } from '@portal/shared';
import { conditionHolds } from '../fields';
import { FieldEditor } from './FieldEditor';
import styles from '../form.module.css';

/** Why a field with answers keeps its type and its place in the form. */
export const lockedReason = '已有人作答：不能删除或更改题型（可修改题目文字、说明和选项）';

interface FieldCardProps {
  fields: FormField[];
  index: number;
  locked: boolean;
  open: boolean;
  onToggle: () => void;
  onChange: (patch: Partial<FormField>) => void;
  onMove: (to: number) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}

/** An icon button whose name is said in a tooltip and to screen readers. */
function Tool({ title, icon, onClick, disabled, danger }: { title: string; icon: ReactNode; onClick: () => void; disabled?: boolean; danger?: boolean }) {
  return (
    <Tooltip title={title}>
      <Button type="text" size="small" aria-label={title} icon={icon} onClick={onClick} disabled={disabled} danger={danger} />
    </Tooltip>
  );
}

/** One field in the list: its handle, number, type and title, its tools, and (open) its settings. */
export function FieldCard({ fields, index, locked, open, onToggle, onChange, onMove, onDuplicate, onRemove }: FieldCardProps) {
  const field = fields[index]!;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: field.Key });
  const condition = field.ShowWhen && fields.find((f) => f.Key === field.ShowWhen!.Field);
  const number = fields.slice(0, index + 1).filter((f) => isAnswered(f.Type)).length;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`${styles.field} ${open ? styles.fieldOpen : ''} ${isDragging ? styles.dragging : ''}`}
      data-field={field.Key}
    >
      <div className={styles.fieldHead}>
        <button type="button" ref={setActivatorNodeRef} className={styles.handle} aria-label={`拖动排序：${field.Label}`} {...attributes} {...listeners}>
          <HolderOutlined />
        </button>
        <button type="button" className={styles.fieldTitle} onClick={onToggle} aria-expanded={open}>
          {open ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />}
          <span className={styles.fieldNumber}>{isAnswered(field.Type) ? `${number}.` : ''}</span>
          <span className={styles.fieldLabel}>
            {field.Required && <span className={styles.requiredMark}>*</span>}
            {field.Label}
          </span>
          <Tag className={styles.typeTag}>{formFieldTypeNames[field.Type]}</Tag>
          {locked && (
            <Tooltip title={lockedReason}>
              <LockOutlined aria-label={lockedReason} className={styles.lock} />
            </Tooltip>
          )}
        </button>
        <span className={styles.tools}>
          <Tool title="上移" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => onMove(index - 1)} />
          <Tool title="下移" icon={<ArrowDownOutlined />} disabled={index === fields.length - 1} onClick={() => onMove(index + 1)} />
          <Tool title="复制题目" icon={<CopyOutlined />} onClick={onDuplicate} />
          <Tool title={locked ? lockedReason : '删除题目'} icon={<DeleteOutlined />} danger disabled={locked} onClick={onRemove} />
        </span>
      </div>
      {field.ShowWhen && (
        <div className={conditionHolds(fields, index) ? styles.condition : styles.conditionBroken}>
          {conditionHolds(fields, index)
            ? `当「${condition?.Label ?? ''}」选择「${field.ShowWhen.Option}」时显示`
            : '显示条件应指向前面某道单选、多选或下拉题的一个选项：请重新设置或调整顺序'}
        </div>
      )}
      {open && <FieldEditor fields={fields} index={index} locked={locked} onChange={onChange} />}
    </li>
  );
}
