/**
 * A list on a phone: each row a card holding the table's columns (title: value, rendered as the table
 * renders the cell), the row's 操作 at the bottom and the paging below. Sub-rows (a tree table) follow
 * their row, set in. Takes the table props ProTable hands its `tableViewRender`.
 */
import type { Key, ReactNode } from 'react'
import { Card, Pagination, Spin, Typography, type PaginationProps, type TableProps } from 'antd'
import styles from './ListCards.module.css'

type Column<T> = {
  key?: Key
  title?: ReactNode | ((props: object) => ReactNode)
  dataIndex?: string | number | readonly (string | number)[]
  render?: (value: unknown, record: T, index: number) => ReactNode | { children: ReactNode }
  fixed?: unknown
  valueType?: unknown
  hidden?: boolean
}

const valueAt = (record: object, path: Column<object>['dataIndex']) => {
  if (path === undefined) return undefined
  const keys = Array.isArray(path) ? path : [path]
  return keys.reduce<unknown>((v, k) => (v == null ? undefined : (v as Record<string | number, unknown>)[k]), record)
}

function cell<T extends object>(column: Column<T>, record: T, index: number): ReactNode {
  const value = valueAt(record, column.dataIndex)
  const shown = column.render ? column.render(value, record, index) : (value as ReactNode)
  return shown && typeof shown === 'object' && 'children' in shown && !('$$typeof' in shown) ? shown.children : shown as ReactNode
}

const isAction = (c: Column<never>) => c.valueType === 'option' || c.fixed === 'right'

/** Rows and their sub-rows in order, each with its depth. */
function flatten<T>(rows: readonly T[], depth = 0): { row: T; depth: number }[] {
  return rows.flatMap((row) => {
    const children = (row as { children?: T[] }).children
    return [{ row, depth }, ...(Array.isArray(children) ? flatten(children, depth + 1) : [])]
  })
}

export default function ListCards<T extends object>({ table, rowKey, empty }: {
  table: TableProps<T>
  rowKey: string | ((row: T) => Key)
  /** what an empty list shows (its 暂无…, or why the list could not be loaded) */
  empty: ReactNode
}) {
  const columns = ((table.columns ?? []) as Column<T>[]).filter((c) => !c.hidden)
  const fields = columns.filter((c) => !isAction(c as Column<never>))
  const actions = columns.filter((c) => isAction(c as Column<never>))
  const keyOf = (row: T) => (typeof rowKey === 'function' ? rowKey(row) : (row as Record<string, Key>)[rowKey])
  const rows = flatten(table.dataSource ?? [])
  const pagination = table.pagination as PaginationProps | false | undefined
  const loading = typeof table.loading === 'object' ? !!table.loading.spinning : !!table.loading
  const titleOf = (c: Column<T>) => (typeof c.title === 'function' ? c.title({}) : c.title)

  return (
    <Spin spinning={loading}>
      <div className={styles.cards} data-testid="list-cards">
        {rows.length === 0 && !loading && <div className={styles.empty}>{empty ?? '暂无数据'}</div>}
        {rows.map(({ row, depth }, index) => {
          const onClick = table.onRow?.(row, index)?.onClick
          return (
            <Card
              key={keyOf(row)}
              size="small"
              className={styles.card}
              style={{ marginInlineStart: depth * 16, cursor: onClick ? 'pointer' : undefined }}
              onClick={onClick}
              actions={actions.length ? actions.map((c, i) => <div key={c.key ?? i} className={styles.actions}>{cell(c, row, index)}</div>) : undefined}
            >
              {fields.map((c, i) => (
                <div key={c.key ?? i} className={styles.field}>
                  <Typography.Text type="secondary" className={styles.label}>{titleOf(c)}</Typography.Text>
                  <div className={styles.value}>{cell(c, row, index)}</div>
                </div>
              ))}
            </Card>
          )
        })}
      </div>
      {pagination && (
        <Pagination {...pagination} size="small" showQuickJumper={false} className={styles.pagination} />
      )}
    </Spin>
  )
}
