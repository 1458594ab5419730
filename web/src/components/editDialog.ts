/**
 * The add/edit dialog of a list screen (the form useListPage opens): titled 新增{noun} / 编辑{noun}, set
 * up like every dialog (dialogFormProps), saving a new row or the row being edited, then 创建成功 /
 * 更新成功 and the list's onSaved. Spread into the ModalForm before the form's own props.
 */
import { Msg } from '@app/contract'
import { dialogFormProps, submitDialog } from './dialogForm'

/** What useListPage's `form.props` hands the form. */
export interface EditDialogProps<T> {
  open: boolean
  /** null: a new row */
  editing: T | null
  onOpenChange: (open: boolean) => void
  onSaved: () => void
}

export function editDialog<T, V>(
  { open, editing, onOpenChange, onSaved }: EditDialogProps<T>,
  { noun, labelWidth, create, update }: {
    noun: string
    labelWidth: number
    create: (values: V) => Promise<unknown>
    update: (row: T, values: V) => Promise<unknown>
  },
) {
  return {
    title: editing ? `编辑${noun}` : `新增${noun}`,
    open,
    onOpenChange,
    ...dialogFormProps(labelWidth),
    onFinish: (values: V) => submitDialog(() => (editing ? update(editing, values) : create(values)), editing ? Msg.updated : Msg.created, onSaved),
  }
}

/**
 * editDialog's `create` and `update` for a resource whose new and changed rows send the same body,
 * made from the form's values by `body`: `...saveBody(api.saveLog, api.updateLog, logBody)`.
 */
export function saveBody<T extends { id: number }, V, B>(
  save: (body: B) => Promise<unknown>,
  update: (id: number, body: B) => Promise<unknown>,
  body: (values: V) => B,
) {
  return {
    create: (values: V) => save(body(values)),
    update: (row: T, values: V) => update(row.id, body(values)),
  }
}
