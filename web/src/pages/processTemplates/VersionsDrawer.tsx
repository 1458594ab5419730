/** 历史版本 of a template: every saved version, newest first, and the steps and items of the one picked (read-only). */
import { useEffect, useState } from 'react'
import { Descriptions, Drawer, List, Tag, Typography } from 'antd'
import { CHECK_ITEM_KIND_LABELS, type CheckItem, type ProcessTemplate, type TemplateVersion, type TemplateVersionSummary } from '@app/contract'
import type { TemplateCalls } from '../../api/processTemplates'
import ShortTable from '../../components/ShortTable'

const rangeText = (i: CheckItem) =>
  i.kind === 'number' ? [i.min != null || i.max != null ? `${i.min ?? ''} ~ ${i.max ?? ''}` : '', i.unit ?? ''].filter(Boolean).join(' ') : i.options.join(' / ')

export default function VersionsDrawer({ api, template, onClose }: { api: TemplateCalls; template: ProcessTemplate | null; onClose: () => void }) {
  const [versions, setVersions] = useState<TemplateVersionSummary[]>([])
  const [shown, setShown] = useState<TemplateVersion | null>(null)

  useEffect(() => {
    setVersions([])
    setShown(null)
    if (!template) return
    api.versions(template.id).then((list) => {
      setVersions(list)
      if (list[0]) api.version(list[0].id).then(setShown, () => undefined)
    }, () => undefined)
  }, [api, template])

  return (
    <Drawer title={template ? `${template.name} · 历史版本` : '历史版本'} width={860} open={!!template} onClose={onClose} destroyOnHidden>
      <div style={{ display: 'flex', gap: 16 }}>
        <List
          style={{ width: 220, flex: 'none' }}
          size="small"
          bordered
          dataSource={versions}
          renderItem={(v) => (
            <List.Item data-testid="template-version" onClick={() => api.version(v.id).then(setShown, () => undefined)}
              style={{ cursor: 'pointer', background: shown?.id === v.id ? '#e6f4ff' : undefined }}>
              <List.Item.Meta
                title={<>V{v.version} {v.id === template?.versionId && <Tag color="blue">当前</Tag>}</>}
                description={`${v.createTimeStr}${v.createdBy ? ` · ${v.createdBy}` : ''} · ${v.stepCount} 步 ${v.itemCount} 项`}
              />
            </List.Item>
          )}
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          {shown && (
            <>
              <Descriptions size="small" column={2} items={[
                { key: 'name', label: '模板名称', children: shown.name },
                { key: 'version', label: '版本', children: `V${shown.version}` },
              ]} />
              {shown.steps.map((s, i) => (
                <div key={s.key} style={{ marginTop: 12 }}>
                  <Typography.Text strong>第 {i + 1} 步 {s.name}</Typography.Text>
                  <ShortTable<CheckItem> rowKey="key" dataSource={s.items} columns={[
                    { title: '检验项', dataIndex: 'name' },
                    { title: '类型', dataIndex: 'kind', width: 110, render: (k: CheckItem['kind']) => CHECK_ITEM_KIND_LABELS[k] },
                    { title: '范围 / 选项', key: 'range', render: (_, r) => rangeText(r) },
                    { title: '必填', dataIndex: 'required', width: 60, render: (r: boolean) => (r ? '是' : '否') },
                  ]} />
                </div>
              ))}
            </>
          )}
        </div>
      </div>
    </Drawer>
  )
}
