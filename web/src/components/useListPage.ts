/**
 * The state of a list screen, handed to its <ListPage page={…}>: the table's `actionRef`, `reload()`,
 * and the add/edit dialog: `openNew()` / `openEdit(row)`, and `form`, what <ListPage> renders its
 * `dialog` with (a fresh key for each opening, so the form starts from that row's values; a save
 * reloads the list).
 */
import { useCallback, useRef, useState, type RefObject } from 'react'
import type { ActionType } from '@ant-design/pro-components'
import type { EditDialogProps } from './editDialog'

export interface FormDialog<T> {
  open: boolean
  /** the row being edited, null for 新增 */
  editing: T | null
  /** changes with every opening */
  key: number
}

export const closedDialog: FormDialog<never> = { open: false, editing: null, key: 0 }

/** The dialog opened for `editing` (null: a new row) as a fresh form. */
export const openDialog = <T>(d: FormDialog<T>, editing: T | null): FormDialog<T> => ({ open: true, editing, key: d.key + 1 })

/** Opened or closed by the form itself; closing keeps the row (shown while the dialog fades out) and the key. */
export const setDialogOpen = <T>(d: FormDialog<T>, open: boolean): FormDialog<T> => ({ ...d, open })

export interface ListPageState<T> {
  actionRef: RefObject<ActionType | null>
  reload: () => void
  openNew: () => void
  openEdit: (row: T) => void
  /** the add/edit dialog: remount it when `key` changes and hand it `props` */
  form: { key: number; props: EditDialogProps<T> }
}

export function useListPage<T>(): ListPageState<T> {
  const actionRef = useRef<ActionType>(null)
  const reload = useCallback(() => void actionRef.current?.reload(), [])
  const [dialog, setDialog] = useState<FormDialog<T>>(closedDialog)
  return {
    actionRef,
    reload,
    openNew: () => setDialog((d) => openDialog(d, null)),
    openEdit: (row: T) => setDialog((d) => openDialog(d, row)),
    form: {
      key: dialog.key,
      props: {
        open: dialog.open,
        editing: dialog.editing,
        onOpenChange: (open: boolean) => setDialog((d) => setDialogOpen(d, open)),
        onSaved: reload,
      },
    },
  }
}
