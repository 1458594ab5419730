/**
 * 工位分组 (menu component key 'groups'): the station groups of every base with their stations in
 * order, each group optionally under a centre (罐车一中心/二中心/三中心, spec 000 §9); searched by name,
 * centre and base; headquarters adds, edits, deletes and exports.
 */
import { useState } from 'react'
import { Space, Tag } from 'antd'
import type { ProColumns } from '@ant-design/pro-components'
import { INSPECTION_CENTERS, type StationGroup, type StationGroupQuery } from '@app/contract'
import * as api from '../../api/stationGroups'
import { useUserInfo } from '../../app/session'
import { editDeleteColumn } from '../../components/actionColumn'
import { companyColumn, useCompanyOptions } from '../../components/companies'
import ListPage from '../../components/ListPage'
import { useListPage } from '../../components/useListPage'
import GroupForm from './GroupForm'

export default function GroupsPage() {
  const info = useUserInfo()
  const page = useListPage<StationGroup>()
  const companies = useCompanyOptions()
  const [companyFilter, setCompanyFilter] = useState<number | undefined>()

  const columns: ProColumns<StationGroup>[] = [
    companyColumn(companies),
    {
      title: '所属中心', dataIndex: 'center', width: 130, valueType: 'select',
      fieldProps: { placeholder: '全部中心', options: INSPECTION_CENTERS.map((c) => ({ label: c, value: c })) },
      render: (_, r) => r.center || '—',
    },
    { title: '分组名称', dataIndex: 'name', width: 180, ellipsis: true, fieldProps: { placeholder: '请输入分组名称', maxLength: 50 } },
    {
      title: '工位', key: 'stations', hideInSearch: true,
      render: (_, r) => (r.stations.length ? <Space size={[0, 4]} wrap>{r.stations.map((s) => <Tag key={s.id}>{s.name}</Tag>)}</Space> : '—'),
    },
    { title: '备注', dataIndex: 'remarks', hideInSearch: true, width: 180, ellipsis: true, render: (_, r) => r.remarks || '—' },
    { title: '创建时间', dataIndex: 'createTimeStr', hideInSearch: true, width: 170 },
    editDeleteColumn(110, {
      onEdit: page.openEdit,
      remove: (r) => ({ description: `确定删除工位分组「${r.name}」及其工位吗？`, onDelete: () => api.deleteStationGroup(r.id), onDeleted: page.reload }),
    }),
  ]

  return (
    <ListPage
      headerTitle="工位分组"
      noun="工位分组"
      page={page}
      dialog={(form) => <GroupForm {...form} companies={companies} defaultCompanyId={companyFilter} />}
      columns={columns}
      scroll={{ x: 1200 }}
      form={{ name: 'groups-search' }}
      list={(q: StationGroupQuery) => {
        setCompanyFilter(q.companyId)
        return api.findStationGroups(q)
      }}
      exportList={info ? (filters, opts) => api.exportStationGroups(info.companyId, filters, opts) : undefined}
    />
  )
}
