/**
 * 所属基地 on every screen: the bases a user may pick (`useCompanyOptions`, headquarters: all of them,
 * anyone else: their own, as the server scopes it), one read shared by a screen and its dialogs and
 * shown at once when a screen opens again, and the 所属基地 column with its base filter (`companyColumn`).
 * They are read again whenever a screen opens (a base another administrator added must be there),
 * and at once after a write to the bases on this screen (`invalidateCompanies`).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query'
import type { ProColumns } from '@ant-design/pro-components'
import type { CompanyOption } from '@app/contract'
import * as companiesApi from '../api/companies'

/** the queries of base data; a write to the bases invalidates them (`invalidateCompanies`) */
export const COMPANIES_KEY = ['companies'] as const
const OPTIONS_KEY = [...COMPANIES_KEY, 'options'] as const
const NONE: CompanyOption[] = []

/**
 * The bases for pickers and filters; `[]` while they load, when they cannot be read (the pickers stay
 * empty, nothing else fails), and while `enabled` is false (a screen that only shows them to
 * headquarters does not ask for a base user).
 */
export function useCompanyOptions({ enabled = true }: { enabled?: boolean } = {}): CompanyOption[] {
  const { data } = useQuery({
    queryKey: OPTIONS_KEY,
    queryFn: ({ signal }) => companiesApi.companyOptions({ silent: true, signal }),
    enabled,
  })
  return data ?? NONE
}

/** After a base was added, changed or removed: every screen's base options are read again. */
export const invalidateCompanies = (client: QueryClient) => client.invalidateQueries({ queryKey: COMPANIES_KEY })

/** The bases as a select's options. */
export const companyChoices = (companies: readonly CompanyOption[]) => companies.map((c) => ({ label: c.name, value: c.id }))

/**
 * The 所属基地 column: the row's `companyName`, searched by a base picker that sends `companyId`.
 * `width` false leaves it the table's spare width; `inTable` / `inSearch` false hide it (a base user's screens, whose rows are all their own base).
 */
export function companyColumn<T extends { companyName?: string | null }>(
  companies: readonly CompanyOption[],
  { title = '所属基地', width = 180, inTable = true, inSearch = true }: { title?: string; width?: number | false; inTable?: boolean; inSearch?: boolean } = {},
): ProColumns<T> {
  return {
    title, dataIndex: 'companyName', width: width || undefined, ellipsis: true,
    hideInTable: !inTable, hideInSearch: !inSearch,
    valueType: 'select',
    fieldProps: { showSearch: true, optionFilterProp: 'label', placeholder: '全部基地', options: companyChoices(companies) },
    search: { transform: (value: number) => ({ companyId: value }) },
    render: (_, r) => r.companyName,
  }
}
