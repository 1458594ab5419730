/**
 * A header cell of the transport grid: dragged sideways to move its column (dnd-kit), and resized by
 * the handle on its right edge (react-resizable). Columns outside the layout (selection, expand, 操作)
 * get a plain cell. The handle keeps its pointer to itself, so resizing never starts a move.
 */
import type { CSSProperties, HTMLAttributes, SyntheticEvent } from 'react'
import { Resizable, type ResizeCallbackData } from 'react-resizable'
import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import styles from './transport.module.css'

export interface LayoutHeaderProps {
  /** the column's layout key */
  columnKey?: string
  width?: number
  onResizeWidth?: (width: number) => void
}

type CellProps = HTMLAttributes<HTMLTableCellElement> & LayoutHeaderProps

const stop = (e: SyntheticEvent) => e.stopPropagation()

export default function GridHeaderCell({ columnKey, width, onResizeWidth, ...cell }: CellProps) {
  if (!columnKey) return <th {...cell} />
  return <LayoutHeaderCell columnKey={columnKey} width={width} onResizeWidth={onResizeWidth} {...cell} />
}

function LayoutHeaderCell({ columnKey, width, onResizeWidth, style, ...cell }: CellProps & { columnKey: string }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: columnKey })
  const moved: CSSProperties = {
    ...style,
    transform: CSS.Translate.toString(transform && { ...transform, scaleY: 1 }),
    transition,
    cursor: 'move',
    ...(isDragging ? { position: 'relative', zIndex: 3, opacity: 0.85 } : {}),
  }
  const th = <th {...cell} ref={setNodeRef} style={moved} {...attributes} {...listeners} data-column={columnKey} />
  if (!width || !onResizeWidth) return th
  return (
    <Resizable
      width={width}
      height={0}
      axis="x"
      handle={(_, ref) => <span ref={ref} className={styles.resizeHandle} onPointerDown={stop} onClick={stop} />}
      onResize={(_: SyntheticEvent, { size }: ResizeCallbackData) => onResizeWidth(size.width)}
      draggableOpts={{ enableUserSelectHack: false }}
    >
      {th}
    </Resizable>
  )
}
