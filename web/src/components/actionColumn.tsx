/**
 * The 操作 column of a list screen, fixed on the right: `actionColumn(width, (row) => …)`, or
 * `editDeleteColumn(width, { onEdit, remove, links })` for the usual 编辑 · links · 删除.
 */
import type { ReactNode } from 'react'
import type { ProColumns } from '@ant-design/pro-components'
import DeleteAction, { type DeleteActionProps } from './DeleteAction'

export function actionColumn<T>(width: number, render: (row: T) => ReactNode): ProColumns<T> {
  return { title: '操作', valueType: 'option', width, fixed: 'right', render: (_, row) => render(row) }
}

export function editDeleteColumn<T>(width: number, { onEdit, remove, links }: {
  onEdit: (row: T) => void
  /** the row's 删除 */
  remove: (row: T) => DeleteActionProps
  /** links between 编辑 and 删除, each with a key */
  links?: (row: T) => ReactNode[]
}): ProColumns<T> {
  return actionColumn<T>(width, (row) => [
    <a key="edit" onClick={() => onEdit(row)}>编辑</a>,
    ...(links?.(row) ?? []),
    <DeleteAction key="delete" {...remove(row)} />,
  ])
}
