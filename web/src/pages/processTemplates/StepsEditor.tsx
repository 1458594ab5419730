/**
 * The steps of a template and the check items of each step, in order: dragged by their handle
 * (dnd-kit) or moved with 上移 / 下移; items added blank or copied from an indicator. A controlled
 * field (`value` / `onChange`) of the template dialog.
 */
import { useState, type CSSProperties, type ReactNode } from 'react'
import { Button, Card, Empty, Input, InputNumber, Select, Space, Switch, Tooltip } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons'
import { DndContext, PointerSensor, KeyboardSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core'
import { restrictToVerticalAxis } from '@dnd-kit/modifiers'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { CHECK_ITEM_KIND_LABELS, CHECK_ITEM_KINDS, type CheckItemKind, type Indicator } from '@app/contract'
import { itemFromIndicator, move, newItem, newStep, type EditItem, type EditStep } from './templateValues'

const KIND_OPTIONS = CHECK_ITEM_KINDS.map((k) => ({ value: k, label: CHECK_ITEM_KIND_LABELS[k] }))

/** A sortable block with a drag handle given to its render function. */
function Sortable({ id, children }: { id: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id })
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.6 : 1, position: 'relative', zIndex: isDragging ? 2 : undefined }
  const handle = (
    <span {...attributes} {...listeners} aria-label="拖动排序" style={{ cursor: 'grab', padding: '0 4px', color: '#999' }}>
      <HolderOutlined />
    </span>
  )
  return <div ref={setNodeRef} style={style}>{children(handle)}</div>
}

function useDragOrder<T extends { uid: string }>(list: T[], onChange: (list: T[]) => void) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }))
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    onChange(move(list, list.findIndex((x) => x.uid === active.id), list.findIndex((x) => x.uid === over.id)))
  }
  return { sensors, onDragEnd, modifiers: [restrictToVerticalAxis] }
}

function MoveButtons({ index, count, onMove, noun }: { index: number; count: number; onMove: (to: number) => void; noun: string }) {
  return (
    <>
      <Tooltip title={`${noun}上移`}><Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={`${noun}上移`} disabled={index === 0} onClick={() => onMove(index - 1)} /></Tooltip>
      <Tooltip title={`${noun}下移`}><Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={`${noun}下移`} disabled={index === count - 1} onClick={() => onMove(index + 1)} /></Tooltip>
    </>
  )
}

function ItemRow({ item, index, count, handle, onChange, onMove, onRemove }: {
  item: EditItem; index: number; count: number; handle: ReactNode
  onChange: (item: EditItem) => void; onMove: (to: number) => void; onRemove: () => void
}) {
  const set = (patch: Partial<EditItem>) => onChange({ ...item, ...patch })
  return (
    <div className="template-item" data-testid="template-item" style={{ display: 'flex', gap: 6, alignItems: 'center', padding: '4px 0', borderBottom: '1px dashed #f0f0f0' }}>
      {handle}
      <Input size="small" style={{ width: 170 }} placeholder="检验项名称" maxLength={50} value={item.name} aria-label="检验项名称" onChange={(e) => set({ name: e.target.value })} />
      <Select<CheckItemKind> size="small" style={{ width: 120 }} options={KIND_OPTIONS} value={item.kind} aria-label="检验项类型" onChange={(kind) => set({ kind })} />
      {item.kind === 'number' && (
        <>
          <Input size="small" style={{ width: 70 }} placeholder="单位" maxLength={20} value={item.unit ?? ''} aria-label="单位" onChange={(e) => set({ unit: e.target.value })} />
          <InputNumber size="small" style={{ width: 90 }} placeholder="最小值" value={item.min ?? null} aria-label="最小值" onChange={(v) => set({ min: v })} />
          <span>~</span>
          <InputNumber size="small" style={{ width: 90 }} placeholder="最大值" value={item.max ?? null} aria-label="最大值" onChange={(v) => set({ max: v })} />
        </>
      )}
      {item.kind === 'choice' && (
        <Select size="small" mode="tags" style={{ minWidth: 220, flex: 1 }} placeholder="输入选项后回车" value={item.options ?? []} aria-label="选项"
          open={false} tokenSeparators={[',', '，', '、']} onChange={(options: string[]) => set({ options })} />
      )}
      <span style={{ marginLeft: 'auto', whiteSpace: 'nowrap' }}>
        <Switch size="small" checked={item.required} checkedChildren="必填" unCheckedChildren="选填" onChange={(required) => set({ required })} />
        <MoveButtons index={index} count={count} onMove={onMove} noun="检验项" />
        <Tooltip title="删除检验项"><Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除检验项" onClick={onRemove} /></Tooltip>
      </span>
    </div>
  )
}

function StepCard({ step, index, count, handle, indicators, onChange, onMove, onRemove }: {
  step: EditStep; index: number; count: number; handle: ReactNode; indicators: Indicator[]
  onChange: (step: EditStep) => void; onMove: (to: number) => void; onRemove: () => void
}) {
  const setItems = (items: EditItem[]) => onChange({ ...step, items })
  const drag = useDragOrder(step.items, setItems)
  const [picked, setPicked] = useState<number | null>(null)
  return (
    <Card
      size="small"
      data-testid="template-step"
      style={{ marginBottom: 12 }}
      title={
        <Space>
          {handle}
          <span>第 {index + 1} 步</span>
          <Input size="small" style={{ width: 220 }} placeholder="步骤名称" maxLength={50} value={step.name} aria-label="步骤名称" onChange={(e) => onChange({ ...step, name: e.target.value })} />
        </Space>
      }
      extra={
        <Space size={0}>
          <MoveButtons index={index} count={count} onMove={onMove} noun="步骤" />
          <Tooltip title="删除步骤"><Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除步骤" disabled={count === 1} onClick={onRemove} /></Tooltip>
        </Space>
      }
    >
      <DndContext sensors={drag.sensors} modifiers={drag.modifiers} onDragEnd={drag.onDragEnd}>
        <SortableContext items={step.items.map((i) => i.uid)} strategy={verticalListSortingStrategy}>
          {step.items.map((item, i) => (
            <Sortable key={item.uid} id={item.uid}>
              {(itemHandle) => (
                <ItemRow
                  item={item} index={i} count={step.items.length} handle={itemHandle}
                  onChange={(next) => setItems(step.items.map((x) => (x.uid === item.uid ? next : x)))}
                  onMove={(to) => setItems(move(step.items, i, to))}
                  onRemove={() => setItems(step.items.filter((x) => x.uid !== item.uid))}
                />
              )}
            </Sortable>
          ))}
        </SortableContext>
      </DndContext>
      {step.items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="每个步骤至少需要1个检验项" />}
      <Space style={{ marginTop: 8 }}>
        <Button size="small" icon={<PlusOutlined />} onClick={() => setItems([...step.items, newItem()])}>添加检验项</Button>
        <Select
          size="small" style={{ width: 220 }} showSearch optionFilterProp="label" placeholder="从检验指标添加" value={picked} aria-label="从检验指标添加"
          options={indicators.map((i) => ({ value: i.id, label: i.name }))}
          onChange={(id: number) => {
            const indicator = indicators.find((i) => i.id === id)
            if (indicator) setItems([...step.items, itemFromIndicator(indicator)])
            setPicked(null)
          }}
        />
      </Space>
    </Card>
  )
}

export default function StepsEditor({ value = [], onChange, indicators }: { value?: EditStep[]; onChange?: (steps: EditStep[]) => void; indicators: Indicator[] }) {
  const change = (steps: EditStep[]) => onChange?.(steps)
  const drag = useDragOrder(value, change)
  return (
    <div>
      <DndContext sensors={drag.sensors} modifiers={drag.modifiers} onDragEnd={drag.onDragEnd}>
        <SortableContext items={value.map((s) => s.uid)} strategy={verticalListSortingStrategy}>
          {value.map((step, i) => (
            <Sortable key={step.uid} id={step.uid}>
              {(handle) => (
                <StepCard
                  step={step} index={i} count={value.length} handle={handle} indicators={indicators}
                  onChange={(next) => change(value.map((s) => (s.uid === step.uid ? next : s)))}
                  onMove={(to) => change(move(value, i, to))}
                  onRemove={() => change(value.filter((s) => s.uid !== step.uid))}
                />
              )}
            </Sortable>
          ))}
        </SortableContext>
      </DndContext>
      <Button type="dashed" block icon={<PlusOutlined />} onClick={() => change([...value, newStep(value.length + 1)])}>添加步骤</Button>
    </div>
  )
}
