/**
 * 活动管理 (menu component key 'activity', spec 000 §2 "Activity page", §7): a base's activities (headquarters
 * sees every base's), searched by title and time (activities overlapping the days chosen), pages of 20,
 * 查看 in a drawer, add and edit in a dialog, delete after its confirm.
 */
import { useState } from 'react'
import type { ProColumns } from '@ant-design/pro-components'
import { ActivityMsg, HQ_COMPANY_ID, type Activity, type ActivityQuery } from '@app/contract'
import * as api from '../../api/activities'
import { useUserInfo } from '../../app/session'
import { editDeleteColumn } from '../../components/actionColumn'
import { companyChoices, companyColumn, useCompanyOptions } from '../../components/companies'
import { DATE_RANGE_PROPS, toDateRange } from '../../components/dateRange'
import ListPage from '../../components/ListPage'
import { useListPage } from '../../components/useListPage'
import ActivityDetail from './ActivityDetail'
import ActivityForm from './ActivityForm'
import { activityFilters } from './activityValues'

export default function ActivityListPage() {
  const info = useUserInfo()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const companies = useCompanyOptions({ enabled: headquarters })
  const page = useListPage<Activity>()
  const [viewing, setViewing] = useState<number | null>(null)

  const columns: ProColumns<Activity>[] = [
    { title: '活动标题', dataIndex: 'title', width: 220, ellipsis: true, fieldProps: { placeholder: '请输入活动标题', maxLength: 100 },
      render: (_, r) => <a onClick={() => setViewing(r.id)}>{r.title}</a> },
    { title: '活动地点', dataIndex: 'place', hideInSearch: true, width: 180, ellipsis: true },
    { title: '主办单位', dataIndex: 'organizer', hideInSearch: true, width: 180, ellipsis: true },
    {
      title: '活动时间', dataIndex: 'timeQuery', width: 300, valueType: 'dateRange', fieldProps: DATE_RANGE_PROPS,
      search: { transform: (value: unknown) => ({ timeQuery: toDateRange(value) }) },
      render: (_, r) => `${r.startTime.slice(0, 16)} 至 ${r.endTime.slice(0, 16)}`,
    },
    companyColumn<Activity>(companies, { inTable: headquarters, inSearch: headquarters }),
    { title: '创建时间', dataIndex: 'createTime', hideInSearch: true, width: 170 },
    editDeleteColumn(150, {
      onEdit: page.openEdit,
      links: (r) => [<a key="view" onClick={() => setViewing(r.id)}>查看</a>],
      remove: (r) => ({ description: `${ActivityMsg.deleteConfirm}（${r.title}）`, onDelete: () => api.deleteActivity(r.id), onDeleted: page.reload }),
    }),
  ]

  return (
    <>
      <ListPage
        headerTitle="活动列表"
        noun="活动"
        page={page}
        dialog={(form) => <ActivityForm {...form} bases={headquarters ? companyChoices(companies) : []} />}
        columns={columns}
        form={{ name: 'activity-search' }}
        list={(q: ActivityQuery) => api.findActivities(q)}
        filters={activityFilters}
      />
      <ActivityDetail id={viewing} onClose={() => setViewing(null)} />
    </>
  )
}
