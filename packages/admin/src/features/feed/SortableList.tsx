import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { HolderOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './feed.css';

function Row({ id, name, children }: { id: number; name: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'feed-row feed-row--dragging' : 'feed-row'}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="feed-row"
    >
      {/* The handle alone starts a drag, so the row's buttons and links keep working. */}
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="feed-row__handle"
        aria-label={t('feed_drag', { name })}
        {...attributes}
        {...listeners}
      >
        <HolderOutlined />
      </button>
      <div className="feed-row__body">{children}</div>
    </li>
  );
}

/**
 * A list ordered by dragging (@dnd-kit): by mouse or touch on a row's handle, or from the keyboard
 * (Tab to a handle, Space to lift, arrows to move, Space to drop, Escape to cancel), with the moves
 * announced to screen readers in the console's language. `onMove` gets the new order of ids.
 */
export function SortableList<T extends { id: number }>({
  items,
  nameOf,
  onMove,
  render,
}: {
  items: T[];
  nameOf: (item: T) => string;
  onMove: (ids: number[]) => void;
  render: (item: T, index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const sensors = useSensors(
    // A few pixels of movement before a drag: a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);
  const name = (id: unknown) => {
    const item = items.find((candidate) => candidate.id === id);
    return item ? nameOf(item) : '';
  };
  const position = (id: unknown) => ids.indexOf(id as number) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('feed_dnd_pick', { name: name(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('feed_dnd_over', { name: name(active.id), position: position(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('feed_dnd_drop', { name: name(active.id), position: position(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('feed_dnd_cancel', { name: name(active.id) }),
  };
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(arrayMove(ids, ids.indexOf(active.id as number), ids.indexOf(over.id as number)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('feed_drag_help') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className="feed-list">
          {items.map((item, index) => (
            <Row key={item.id} id={item.id} name={nameOf(item)}>
              {render(item, index)}
            </Row>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
