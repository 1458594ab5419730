/**
 * 用户列表 (menu component key 'user'; spec 000 §2 "User list"): the current base's users, or for
 * headquarters all users with the company filter. Tree table (sub-accounts under their account);
 * add, edit, reset password, delete, xlsx import, add sub-account where the isCreate flag is 1.
 */
import { useState } from 'react'
import { useQueries, useQueryClient } from '@tanstack/react-query'
import { Button, Space, Tooltip, Typography } from 'antd'
import { ImportOutlined, PlusOutlined } from '@ant-design/icons'
import type { ProColumns } from '@ant-design/pro-components'
import { HQ_COMPANY_ID, roleLabel, seatsUsedUp, type UserFindBody, type UserRow } from '@app/contract'
import * as companiesApi from '../../api/companies'
import * as userApi from '../../api/userAdmin'
import { useUserInfo } from '../../app/session'
import { actionColumn } from '../../components/actionColumn'
import { COMPANIES_KEY, companyColumn, invalidateCompanies, useCompanyOptions } from '../../components/companies'
import DeleteAction from '../../components/DeleteAction'
import { createTimeColumn } from '../../components/dateRange'
import ListPage from '../../components/ListPage'
import { useListPage } from '../../components/useListPage'
import ImportModal from './ImportModal'
import ResetPasswordModal from './ResetPasswordModal'
import { canAddSubAccount, seatLeft, seatsOf, seatsText, type Seats } from './seats'
import UserForm, { type UserFormMode } from './UserForm'

/** The seats of these bases (null: headquarters, no limit), read again after a write invalidates the bases. */
function useSeats(ids: number[]): Record<number, Seats | null> {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: [...COMPANIES_KEY, 'get', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => companiesApi.getCompany(id, { silent: true, signal, cancelDuplicate: false }),
    })),
    combine: (found) => Object.fromEntries(found.flatMap((q) => (q.data ? [[q.data.id, seatsOf(q.data)]] : []))),
  })
}

const formKey = (m: UserFormMode | null) =>
  !m ? 'none' : m.kind === 'create' ? `create-${m.companyId}` : m.kind === 'edit' ? `edit-${m.row.relaId}` : `sub-${m.parent.relaId}`

export default function UsersPage() {
  const info = useUserInfo()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const list = useListPage<UserRow>()
  const queryClient = useQueryClient()
  // every new or removed member changes a base's seats
  const reload = () => {
    list.reload()
    void invalidateCompanies(queryClient)
  }
  const companies = useCompanyOptions({ enabled: headquarters })
  const [companyFilter, setCompanyFilter] = useState<number | undefined>()
  const [formMode, setFormMode] = useState<UserFormMode | null>(null)
  const [resetting, setResetting] = useState<UserRow | null>(null)
  const [importing, setImporting] = useState(false)
  /** the bases whose seats the page shows; every new member takes one */
  const [seatBases, setSeatBases] = useState<number[]>([])
  const quota = useSeats(seatBases)

  /** the base the list shows: a base user's own, or the base headquarters filters by */
  const shownCompany = (filter: number | undefined) => (headquarters ? filter : info?.companyId)
  const loadQuota = (rows: UserRow[], filter: number | undefined) => {
    // the shown base (for 新增) and the bases of accounts that may create sub-accounts (for 添加子账号)
    const shown = shownCompany(filter)
    setSeatBases([...new Set([...(shown ? [shown] : []), ...rows.filter((r) => r.isCreate === 1).map((r) => r.companyId)])])
  }
  const canAddSub = (row: UserRow) => canAddSubAccount(row.isCreate, quota[row.companyId])
  const shownSeats = (() => {
    const id = shownCompany(companyFilter)
    return id ? quota[id] : undefined
  })()

  const columns: ProColumns<UserRow>[] = [
    { title: '账号', dataIndex: 'phone', width: 170, fieldProps: { placeholder: '请输入账号（手机号）' } },
    { title: '姓名', dataIndex: 'name', width: 140, ellipsis: true, fieldProps: { placeholder: '请输入姓名' } },
    { title: '角色', dataIndex: 'nickName', hideInSearch: true, width: 110, render: (_, r) => roleLabel(r.nickName) },
    companyColumn(companies, { inSearch: headquarters }),
    createTimeColumn('创建时间', 170),
    actionColumn(260, (row) => (
      <Space size={8}>
        <a onClick={() => setFormMode({ kind: 'edit', row })}>编辑</a>
        <a onClick={() => setResetting(row)}>重置密码</a>
        {canAddSub(row) && <a onClick={() => setFormMode({ kind: 'sub', parent: row })}>添加子账号</a>}
        <DeleteAction
          description={`确定删除用户「${row.name}（${row.phone}）」吗？`}
          disabledReason={row.mainAccount ? '主账号不能删除' : row.id === info?.id ? '不能删除自己' : undefined}
          onDelete={() => userApi.deleteUser(row.id)}
          onDeleted={reload}
        />
      </Space>
    )),
  ]

  return (
    <>
      <ListPage
        rowKey="relaId"
        headerTitle={(
          <Space size={12}>
            {headquarters ? '全部用户' : `${info?.companyName ?? ''} 用户`}
            {shownSeats && <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal' }}>{seatsText(shownSeats)}</Typography.Text>}
          </Space>
        )}
        page={list}
        columns={columns}
        scroll={{ x: 1000 }}
        expandable={{ indentSize: 20 }}
        list={(q: UserFindBody) => {
          setCompanyFilter(q.companyId)
          return userApi.findUsers(q).then((page) => {
            loadQuota(page.data, q.companyId)
            // another administrator may have taken seats since: every 查询 and 刷新 reads them again
            void queryClient.invalidateQueries({ queryKey: [...COMPANIES_KEY, 'get'] })
            return page
          })
        }}
        buttons={[
          <Button key="import" icon={<ImportOutlined />} onClick={() => setImporting(true)}>导入</Button>,
          <Tooltip key="add" title={seatLeft(shownSeats) ? undefined : seatsUsedUp(shownSeats!.amount, shownSeats!.used)}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!seatLeft(shownSeats)}
              onClick={() => setFormMode({ kind: 'create', companyId: companyFilter ?? info?.companyId ?? HQ_COMPANY_ID })}
            >新增</Button>
          </Tooltip>,
        ]}
      />
      {/* a fresh form for each opening, so it starts from that row's values */}
      <UserForm key={formKey(formMode)} mode={formMode} headquarters={headquarters} onClose={() => setFormMode(null)} onSaved={reload} />
      <ResetPasswordModal key={`reset-${resetting?.relaId ?? 'none'}`} user={resetting} onClose={() => setResetting(null)} />
      <ImportModal
        key={String(importing)}
        open={importing}
        companies={headquarters ? companies : []}
        defaultCompanyId={companyFilter ?? (headquarters ? HQ_COMPANY_ID : undefined)}
        onClose={() => setImporting(false)}
        onImported={reload}
      />
    </>
  )
}
