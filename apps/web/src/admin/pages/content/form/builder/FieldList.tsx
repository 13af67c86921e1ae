import { useState } from 'react';
import { Button, Card, Empty } from 'antd';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { formFieldTypeNames, formFieldTypes, type FormField } from '@portal/shared';
import { blankField, changeField, duplicateField, moveField, removeField } from '../fields';
import { FieldCard } from './FieldCard';
import styles from '../form.module.css';

interface FieldListProps {
  fields: FormField[];
  /** Keys of the fields someone answered: their type is fixed and they cannot be removed. */
  answered: ReadonlySet<string>;
  onChange: (fields: FormField[]) => void;
}

/** Chinese words for what a screen reader hears while a field is dragged (dnd-kit's are English). */
const announcements = (fields: FormField[]) => {
  const label = (id: unknown) => fields.find((f) => f.Key === id)?.Label ?? '';
  const position = (id: unknown) => fields.findIndex((f) => f.Key === id) + 1;
  return {
    onDragStart: ({ active }: { active: { id: unknown } }) => `已拿起「${label(active.id)}」`,
    onDragOver: ({ active, over }: { active: { id: unknown }; over: { id: unknown } | null }) =>
      over ? `「${label(active.id)}」移到第${position(over.id)}题的位置` : undefined,
    onDragEnd: ({ active, over }: { active: { id: unknown }; over: { id: unknown } | null }) =>
      over ? `「${label(active.id)}」已放在第${position(over.id)}题` : `「${label(active.id)}」已放下`,
    onDragCancel: ({ active }: { active: { id: unknown } }) => `已取消移动「${label(active.id)}」`,
  };
};

/**
 * The field under the pointer. An open field is tall: measured by its centre (closestCenter alone),
 * it would land far from where the pointer holding its handle points. The keyboard, which has no
 * pointer, moves by centres.
 */
const underPointer: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length ? within : closestCenter(args);
};

/**
 * 题目: the fields in the order shown, dragged by their handle (or with the keyboard: space to
 * lift, arrows to move) or moved up and down by buttons; the one being edited is open in place.
 * Below, a button per type adds a field at the end.
 */
export function FieldList({ fields, answered, onChange }: FieldListProps) {
  const [open, setOpen] = useState<string | null>(null);
  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on the handle is still a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const index = (key: unknown) => fields.findIndex((f) => f.Key === key);
  const dropped = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onChange(moveField(fields, index(active.id), index(over.id)));
  };
  const add = (type: FormField['Type']) => {
    const field = blankField(type, fields);
    onChange([...fields, field]);
    setOpen(field.Key);
  };

  return (
    <Card title={`题目（${fields.length}）`} size="small" className={styles.card}>
      {fields.length === 0 && <Empty description="还没有题目：从下方选择题型添加" />}
      <DndContext sensors={sensors} collisionDetection={underPointer} onDragEnd={dropped} accessibility={{ announcements: announcements(fields) }}>
        <SortableContext items={fields.map((f) => f.Key)} strategy={verticalListSortingStrategy}>
          <ol className={styles.fieldList} aria-label="题目列表">
            {fields.map((field, i) => (
              <FieldCard
                key={field.Key}
                fields={fields}
                index={i}
                locked={answered.has(field.Key)}
                open={open === field.Key}
                onToggle={() => setOpen(open === field.Key ? null : field.Key)}
                onChange={(patch) => onChange(changeField(fields, i, patch))}
                onMove={(to) => onChange(moveField(fields, i, to))}
                onDuplicate={() => {
                  const next = duplicateField(fields, i);
                  onChange(next);
                  setOpen(next[i + 1]!.Key);
                }}
                onRemove={() => onChange(removeField(fields, i))}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div className={styles.palette} role="group" aria-label="添加题目">
        <span className={styles.paletteLabel}>添加题目：</span>
        {formFieldTypes.map((type) => (
          // Type names read as words (单选, 省市): no space put between two characters.
          <Button key={type} size="small" autoInsertSpace={false} onClick={() => add(type)}>
            {formFieldTypeNames[type]}
          </Button>
        ))}
      </div>
    </Card>
  );
}
