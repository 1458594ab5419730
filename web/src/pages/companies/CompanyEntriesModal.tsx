/**
 * A dialog of one base's settings (预约设置, 供货设置): a form that adds an entry above a table of the
 * entries already set. It stays open after each save, as several entries are usually added in a row.
 */
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Typography, type TableColumnsType } from 'antd'
import { ModalForm, ProFormText } from '@ant-design/pro-components'
import type { CompanyRow } from '@app/contract'
import type { RequestOptions } from '../../api/request'
import { COMPANIES_KEY } from '../../components/companies'
import { dialogFormProps, submitDialog } from '../../components/dialogForm'
import HiddenSubmit from '../../components/HiddenSubmit'
import ShortTable from '../../components/ShortTable'

/**
 * The `kind` entries of the base the dialog is open for (none while it is closed), and `reload`,
 * which a save or a delete in the dialog calls to read them again.
 */
export function useCompanyEntries<R>(kind: string, company: CompanyRow | null, find: (company: CompanyRow, opts: RequestOptions) => Promise<R[]>) {
  const { data, refetch } = useQuery({
    queryKey: [...COMPANIES_KEY, kind, company?.id],
    queryFn: ({ signal }) => find(company!, { silent: true, signal }),
    enabled: !!company,
  })
  return { rows: data ?? [], reload: () => void refetch() }
}

export default function CompanyEntriesModal<V extends object, R extends object>({
  title, company, onClose, width, name, nameLabel, submitText, initialValues, save, savedMessage, entries, caption, emptyText, columns, children,
}: {
  /** the dialog's title before the base's name */
  title: string
  company: CompanyRow | null
  onClose: () => void
  width: number
  /** the form's name (its fields' ids) */
  name: string
  /** the label of the base's name, shown read-only first */
  nameLabel: string
  submitText: string
  initialValues?: Partial<V>
  save: (company: CompanyRow, values: V) => Promise<unknown>
  savedMessage: string
  entries: { rows: R[]; reload: () => void }
  /** the line above the table */
  caption: string
  emptyText: string
  columns: TableColumnsType<R>
  /** the form's own fields */
  children: ReactNode
}) {
  return (
    <ModalForm<V>
      title={`${title}：${company?.name ?? ''}`}
      open={!!company}
      onOpenChange={(o) => { if (!o) onClose() }}
      width={width}
      {...dialogFormProps(100)}
      initialValues={{ name: company?.name, ...initialValues }}
      submitter={{ searchConfig: { submitText, resetText: '关闭' } }}
      name={name}
      onFinish={async (values) => {
        if (!company) return false
        await submitDialog(() => save(company, values), savedMessage, entries.reload)
        return false
      }}
    >
      <ProFormText name="name" label={nameLabel} disabled />
      {children}
      <HiddenSubmit />
      <Typography.Text type="secondary">{caption}</Typography.Text>
      <ShortTable<R>
        rowKey="id"
        style={{ marginTop: 8 }}
        dataSource={entries.rows}
        locale={{ emptyText }}
        columns={columns}
      />
    </ModalForm>
  )
}
