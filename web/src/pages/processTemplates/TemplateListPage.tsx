/**
 * The template list shared by 车辆类型 (menu key 'model', the process templates) and 非流程模板
 * ('indicator_out', isOut): name, current version, steps and items; add and edit in the steps editor
 * (a changed template is saved as a new version), the version history, delete, export.
 */
import { useEffect, useMemo, useState } from 'react'
import { Tag, Typography } from 'antd'
import type { ProColumns } from '@ant-design/pro-components'
import type { Indicator, ProcessTemplate, ProcessTemplateDetail, TemplateQuery } from '@app/contract'
import { allIndicators } from '../../api/indicators'
import { templateCalls } from '../../api/processTemplates'
import { useUserInfo } from '../../app/session'
import { editDeleteColumn } from '../../components/actionColumn'
import ListPage from '../../components/ListPage'
import { useListPage } from '../../components/useListPage'
import TemplateForm from './TemplateForm'
import VersionsDrawer from './VersionsDrawer'

export default function TemplateListPage({ isOut }: { isOut: boolean }) {
  const info = useUserInfo()
  const api = useMemo(() => templateCalls(isOut), [isOut])
  const noun = isOut ? '非流程模板' : '车辆类型'
  const page = useListPage<ProcessTemplateDetail>()
  const [indicators, setIndicators] = useState<Indicator[]>([])
  const [history, setHistory] = useState<ProcessTemplate | null>(null)

  useEffect(() => { allIndicators({ silent: true }).then(setIndicators, () => setIndicators([])) }, [])

  const columns: ProColumns<ProcessTemplate>[] = [
    { title: isOut ? '模板名称' : '车辆类型', dataIndex: 'name', width: 200, ellipsis: true, fieldProps: { placeholder: '请输入名称', maxLength: 50 } },
    { title: '当前版本', dataIndex: 'version', hideInSearch: true, width: 100, render: (_, r) => <Tag color="blue">V{r.version}</Tag> },
    { title: '步骤数', dataIndex: 'stepCount', hideInSearch: true, width: 90 },
    { title: '检验项数', dataIndex: 'itemCount', hideInSearch: true, width: 100 },
    { title: '备注', dataIndex: 'remarks', hideInSearch: true, ellipsis: true, render: (_, r) => r.remarks || <Typography.Text type="secondary">—</Typography.Text> },
    { title: '更新时间', dataIndex: 'updateTimeStr', hideInSearch: true, width: 170 },
    editDeleteColumn(200, {
      onEdit: (r) => void api.get(r.id).then(page.openEdit, () => undefined),
      links: (r) => [<a key="history" onClick={() => setHistory(r)}>历史版本</a>],
      remove: (r) => ({
        description: `确定删除「${r.name}」吗？已按它开始的检验仍保留原版本。`,
        onDelete: () => api.remove(r.id),
        onDeleted: page.reload,
      }),
    }),
  ]

  return (
    <>
      <ListPage
        headerTitle={isOut ? '非流程模板' : '车辆类型'}
        noun={noun}
        page={page}
        dialog={(form) => <TemplateForm {...form} api={api} noun={noun} indicators={indicators} />}
        columns={columns}
        form={{ name: isOut ? 'indicator-out-search' : 'model-search' }}
        list={(q: TemplateQuery) => api.find(q)}
        exportList={info ? (filters, opts) => api.exportList(info.companyId, filters, opts) : undefined}
      />
      <VersionsDrawer api={api} template={history} onClose={() => setHistory(null)} />
    </>
  )
}
