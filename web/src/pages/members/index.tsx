/**
 * 成员列表 (menu component key 'member', spec 001 §2 "Member list", a route keyed by `?id=` of the
 * department): sex, age and birthday (from the ID number), department, phone and ID number masked with an
 * eye for admins (each reveal logged by the server), registration time; pages of 10 (the spec's member
 * default); add, edit, delete after its confirm, import from the xlsx template, export of the filters.
 */
import { useState } from 'react'
import { Button } from 'antd'
import { ImportOutlined } from '@ant-design/icons'
import { useSearchParams } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import type { ProColumns } from '@ant-design/pro-components'
import { HQ_COMPANY_ID, MemberMsg, mayRevealPersonalData, type Member, type MemberQuery } from '@app/contract'
import * as api from '../../api/members'
import { useUserInfo } from '../../app/session'
import { editDeleteColumn } from '../../components/actionColumn'
import { companyChoices, companyColumn, useCompanyOptions } from '../../components/companies'
import { DATE_RANGE_PROPS, toDateRange } from '../../components/dateRange'
import ListPage from '../../components/ListPage'
import Revealable from '../../components/Revealable'
import { useChoices } from '../../components/useChoices'
import { useListPage } from '../../components/useListPage'
import ImportMembers from './ImportMembers'
import MemberForm from './MemberForm'
import { memberFilters, SEX_OPTIONS } from './memberValues'

const GROUPS_KEY = ['members', 'groups']
/** the spec's member list opens with 10 a page (001 §8) */
const MEMBER_PAGE_SIZE = 10

export default function MembersPage() {
  const info = useUserInfo()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const mayReveal = mayRevealPersonalData(info?.nickName)
  const queryClient = useQueryClient()
  const companies = useCompanyOptions({ enabled: headquarters })
  const groups = useChoices(GROUPS_KEY, (opts) => api.memberGroups(undefined, opts))
  const [params] = useSearchParams()
  const page = useListPage<Member>()
  const [importing, setImporting] = useState(false)
  const changed = () => {
    page.reload()
    void queryClient.invalidateQueries({ queryKey: GROUPS_KEY })
  }
  const groupOptions = groups.map((g) => ({ value: g.id, label: `${g.name}（${g.memberCount}人）` }))
  const currentGroup = groups.find((g) => String(g.id) === params.get('id'))

  const columns: ProColumns<Member>[] = [
    { title: '姓名', dataIndex: 'name', width: 100, fieldProps: { maxLength: 50 } },
    { title: '性别', dataIndex: 'sex', width: 60, valueType: 'select', fieldProps: { options: SEX_OPTIONS, placeholder: '全部' } },
    { title: '年龄', dataIndex: 'age', hideInSearch: true, width: 60, align: 'right' },
    { title: '出生日期', dataIndex: 'birthday', hideInSearch: true, width: 110 },
    { title: '民族', dataIndex: 'nation', hideInSearch: true, width: 80 },
    // the search form's 部门 is the address's ?id= (spec 001 §2: the member list keyed by the department's id)
    {
      title: '部门', dataIndex: 'id', hideInTable: true, valueType: 'select',
      fieldProps: { options: groupOptions, placeholder: '全部部门', showSearch: true, optionFilterProp: 'label' },
    },
    { title: '部门', dataIndex: 'department', hideInSearch: true, width: 120, ellipsis: true },
    {
      title: '手机号', dataIndex: 'phone', width: 150, fieldProps: { maxLength: 11, placeholder: '完整手机号' },
      render: (_, r) => <Revealable field="phone" masked={r.phone} allowed={mayReveal} reveal={() => api.revealMember(r.id, 'phone')} />,
    },
    {
      title: '身份证号', dataIndex: 'idNo', width: 220, fieldProps: { maxLength: 18, placeholder: '完整身份证号' },
      render: (_, r) => <Revealable field="idNumber" masked={r.idNo} allowed={mayReveal} reveal={() => api.revealMember(r.id, 'idNo')} />,
    },
    companyColumn<Member>(companies, { inTable: headquarters, inSearch: headquarters, width: 160 }),
    {
      title: '登记时间', dataIndex: 'createTime', width: 165, valueType: 'dateRange', fieldProps: DATE_RANGE_PROPS,
      search: { transform: (value: unknown) => ({ createTimeQuery: toDateRange(value) }) }, render: (_, r) => r.createTime,
    },
    editDeleteColumn(110, {
      onEdit: page.openEdit,
      remove: (r) => ({ description: `${MemberMsg.deleteConfirm}（${r.name}）`, onDelete: () => api.deleteMember(r.id), onDeleted: changed }),
    }),
  ]

  return (
    <>
      <ListPage
        headerTitle={currentGroup ? `成员列表 · ${currentGroup.name}` : '成员列表'}
        noun="会员"
        page={page}
        pageSize={MEMBER_PAGE_SIZE}
        dialog={(form) => (
          <MemberForm {...form} onSaved={changed} bases={headquarters ? companyChoices(companies) : []}
            departments={groups.map((g) => g.name)} defaultDepartment={currentGroup?.name} />
        )}
        buttons={[<Button key="import" icon={<ImportOutlined />} onClick={() => setImporting(true)}>导入</Button>]}
        columns={columns}
        form={{ name: 'member-search' }}
        list={(q: MemberQuery) => api.findMembers(q)}
        filters={memberFilters}
        exportList={info ? (filters, opts) => api.exportMembers(info.companyId, filters, opts) : undefined}
      />
      <ImportMembers open={importing} companies={headquarters ? companies : []} onClose={() => setImporting(false)} onImported={changed} />
    </>
  )
}
