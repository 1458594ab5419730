// @vitest-environment jsdom
/**
 * The add/edit dialog of a list screen (useListPage + editDialog + SchemaText), as a user meets it:
 * 新增 opens it empty, 编辑 with the row; a required field left empty says so in Chinese; 确定 saves,
 * says 创建成功 / 更新成功, closes and the list shows the row; a refusal shows the server's message and
 * the dialog stays open.
 */
import { useEffect, useState } from 'react'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ModalForm } from '@ant-design/pro-components'
import { companySaveBody } from '@app/contract'
import { http } from '../../src/api/request'
import { editDialog, type EditDialogProps } from '../../src/components/editDialog'
import { SchemaText } from '../../src/components/SchemaField'
import { useListPage } from '../../src/components/useListPage'
import { button, renderInApp, user } from './ui'

interface Base {
  id: number
  name: string
}
type Values = { name: string }

/** the server: its bases, and what the dialog sent it */
let bases: Base[] = []
const sent = vi.fn()
const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })

/** the server refuses a second base of the same name, as the real one does */
function serve() {
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Values
    sent(init.method, url, body)
    if (bases.some((b) => b.name === body.name)) return answer({ code: 400, message: '基地名称已存在', data: null })
    const id = Number(/\/bases\/(\d+)$/.exec(url)?.[1]) || bases.length + 1
    bases = [...bases.filter((b) => b.id !== id), { id, name: body.name }].sort((a, b) => a.id - b.id)
    return answer({ code: 200, message: '', data: null })
  }))
}
afterEach(() => {
  vi.unstubAllGlobals()
  bases = []
  sent.mockClear()
})

function BaseForm(dialog: EditDialogProps<Base>) {
  return (
    <ModalForm<Values>
      {...editDialog(dialog, {
        noun: '基地',
        labelWidth: 100,
        create: (v: Values) => http.post('/bases', v),
        update: (row, v) => http.put(`/bases/${row.id}`, v),
      })}
      initialValues={dialog.editing ?? {}}
    >
      <SchemaText name="name" label="基地名称" schema={companySaveBody.shape.name} />
    </ModalForm>
  )
}

/** a list of bases (read again after each save) with 新增 and 编辑 */
function Bases() {
  const page = useListPage<Base>()
  const [rows, setRows] = useState<Base[]>([])
  const [loads, setLoads] = useState(0)
  useEffect(() => setRows(bases), [loads])
  // what the ListPage table does when useListPage reloads it after a save
  page.actionRef.current = { reload: async () => setLoads((n) => n + 1) } as never
  return (
    <>
      <button type="button" onClick={page.openNew}>新增</button>
      <ul>{rows.map((r) => <li key={r.id}>{r.name}<button type="button" onClick={() => page.openEdit(r)}>编辑</button></li>)}</ul>
      <BaseForm key={page.form.key} {...page.form.props} />
    </>
  )
}

const dialog = () => document.querySelector<HTMLElement>('.ant-modal')!
const nameInput = () => within(dialog()).getByLabelText('基地名称')

describe('the add/edit dialog', () => {
  it('新增 opens an empty dialog that asks for the required name in Chinese, then saves, closes and lists the new base', async () => {
    serve()
    renderInApp(<Bases />)
    await user.click(screen.getByText('新增'))
    expect(within(dialog()).getByText('新增基地')).toBeTruthy()
    expect((nameInput() as HTMLInputElement).value).toBe('')

    await user.click(button(dialog(), /^确\s*定$/))
    await within(dialog()).findByText('基地的名称不能为空')
    expect(sent).not.toHaveBeenCalled()

    fireEvent.change(nameInput(), { target: { value: '南京江宁基地' } })
    await user.click(button(dialog(), /^确\s*定$/))
    await screen.findByText('创建成功')
    expect(sent).toHaveBeenCalledWith('POST', '/api/bases', { name: '南京江宁基地' })
    await waitFor(() => expect(document.querySelector('.ant-modal')).toBeNull())
    expect(screen.getByRole('list').textContent).toContain('南京江宁基地')
  })

  it('编辑 opens with the row, and a refused save shows the server’s message and keeps the dialog open', async () => {
    bases = [{ id: 1, name: '南京江宁基地' }, { id: 2, name: '杭州基地' }]
    serve()
    renderInApp(<Bases />)
    await user.click(within(screen.getByText('杭州基地')).getByText('编辑'))
    expect(within(dialog()).getByText('编辑基地')).toBeTruthy()
    expect((nameInput() as HTMLInputElement).value).toBe('杭州基地')

    fireEvent.change(nameInput(), { target: { value: '南京江宁基地' } })
    await user.click(button(dialog(), /^确\s*定$/))
    await screen.findByText('基地名称已存在')
    expect(sent).toHaveBeenCalledWith('PUT', '/api/bases/2', { name: '南京江宁基地' })
    expect(dialog()).toBeTruthy()

    fireEvent.change(nameInput(), { target: { value: '杭州萧山基地' } })
    await user.click(button(dialog(), /^确\s*定$/))
    await screen.findByText('更新成功')
    await waitFor(() => expect(document.querySelector('.ant-modal')).toBeNull())
    expect(screen.getByRole('list').textContent).toBe('南京江宁基地编辑杭州萧山基地编辑')
  })
})
