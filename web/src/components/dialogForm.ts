/**
 * The one way a back-office dialog (a ModalForm) is set up and saved:
 * - `dialogFormProps(labelWidth)`: the common props, spread into the ModalForm before its own
 *   title/width/initialValues/… (a dialog that differs on purpose overrides a prop after the spread);
 * - `submitDialog(save, successMessage, onSaved)`: the body of its onFinish.
 */
import { message } from 'antd'

/** Destroyed when hidden (a fresh form each time), not closed by a click on the mask. */
export const DIALOG_MODAL_PROPS = { destroyOnHidden: true, maskClosable: false } as const

/** 确定 / 取消 in the footer. */
export const DIALOG_SUBMITTER = { searchConfig: { submitText: '确定', resetText: '取消' } }

/** Horizontal layout with labels `labelWidth` px wide, plus DIALOG_MODAL_PROPS and DIALOG_SUBMITTER. */
export function dialogFormProps(labelWidth: number) {
  return {
    layout: 'horizontal' as const,
    labelCol: { flex: `${labelWidth}px` },
    wrapperCol: { flex: 'auto' },
    modalProps: { ...DIALOG_MODAL_PROPS },
    submitter: DIALOG_SUBMITTER,
  }
}

/**
 * Runs `save`; on failure answers false (the request client already showed the server's message, so
 * the dialog stays open); on success shows `successMessage` (or the one made from what `save`
 * answered, e.g. the server's own message), calls `onSaved` and answers true (the dialog closes).
 */
export async function submitDialog<T>(
  save: () => Promise<T>,
  successMessage: string | ((result: T) => string),
  onSaved?: () => void,
): Promise<boolean> {
  let result: T
  try {
    result = await save()
  } catch {
    return false
  }
  message.success(typeof successMessage === 'function' ? successMessage(result) : successMessage)
  onSaved?.()
  return true
}
