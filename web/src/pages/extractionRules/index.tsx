/**
 * 取值规则 (spec 001 §2 extraction-rule page, §3, §7, §9): rules filtered by field and receipt format
 * (also `?receiptFormatId=` from the 票据格式 page), 50 a page; add, edit (the field is fixed), delete,
 * export; the rule tester inside the rule form, and on its own from the toolbar.
 */
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Button, Modal, Space, Tag, Typography } from 'antd'
import { ExperimentOutlined } from '@ant-design/icons'
import type { ProColumns, ProFormInstance } from '@ant-design/pro-components'
import { RULE_PAGE_SIZE, TICKET_TYPES, type ExtractionRule, type ExtractionRuleQuery, type ReceiptFormat } from '@app/contract'
import * as formatsApi from '../../api/receiptFormats'
import { useUserInfo } from '../../app/session'
import { editDeleteColumn } from '../../components/actionColumn'
import ListPage from '../../components/ListPage'
import { fieldLabel, groupedFieldOptions, TICKET_TYPE_COLORS, typeOfField } from '../../components/ticketFields'
import { useListPage } from '../../components/useListPage'
import RuleForm, { formatOptionLabel } from './RuleForm'
import RuleTester, { type TesterSample } from './RuleTester'


const empty = <Typography.Text type="secondary">—</Typography.Text>
const code = (s: string | null) => (s ? <Typography.Text code style={{ wordBreak: 'break-all' }}>{s}</Typography.Text> : empty)

const formatIdFrom = (params: URLSearchParams): number | undefined => {
  const n = Number(params.get('receiptFormatId'))
  return Number.isInteger(n) && n > 0 ? n : undefined
}

export default function ExtractionRulesPage() {
  const info = useUserInfo()
  const [searchParams] = useSearchParams()
  const urlFormatId = formatIdFrom(searchParams)
  const page = useListPage<ExtractionRule>()
  const formRef = useRef<ProFormInstance | undefined>(undefined)
  const [formats, setFormats] = useState<ReceiptFormat[]>([])
  const [filterFormatId, setFilterFormatId] = useState<number | undefined>(urlFormatId)
  const [testerOpen, setTesterOpen] = useState(false)
  /** the tester's photo or text, kept while the page is open (the next rule is tried on it too) */
  const [sample, setSample] = useState<TesterSample>()

  useEffect(() => {
    formatsApi.findAllFormats().then(setFormats).catch(() => undefined)
  }, [])

  // a new ?receiptFormatId= (back/forward, a link) filters the list again
  const lastUrlFormat = useRef(urlFormatId)
  useEffect(() => {
    if (lastUrlFormat.current === urlFormatId) return
    lastUrlFormat.current = urlFormatId
    formRef.current?.setFieldsValue({ receiptFormatId: urlFormatId })
    formRef.current?.submit()
  }, [urlFormatId])

  const filterFormat = formats.find((f) => f.id === filterFormatId)
  const formatOptions = formats.map((f) => ({ value: f.id, label: formatOptionLabel(f) }))

  const columns: ProColumns<ExtractionRule>[] = [
    {
      title: '字段', dataIndex: 'property', width: 230, valueType: 'select',
      fieldProps: { options: groupedFieldOptions(), showSearch: true, optionFilterProp: 'label', placeholder: '全部字段' },
      render: (_, r) => {
        const t = typeOfField(r.property)
        return (
          <Space size={6}>
            {t && <Tag color={TICKET_TYPE_COLORS[t]} style={{ marginInlineEnd: 0 }}>{TICKET_TYPES[t].slice(0, 2)}</Tag>}
            <span>{fieldLabel(r.property)}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.property}</Typography.Text>
          </Space>
        )
      },
    },
    {
      title: '票据格式', dataIndex: 'receiptFormatId', hideInTable: true, valueType: 'select',
      fieldProps: { options: formatOptions, showSearch: true, optionFilterProp: 'label', placeholder: '全部格式' },
    },
    { title: '票据格式', dataIndex: 'receiptFormatName', hideInSearch: true, width: 170, ellipsis: true },
    { title: '字段名称', dataIndex: 'valueName', hideInSearch: true, width: 110, render: (_, r) => r.valueName || empty },
    { title: '名称表达式', dataIndex: 'valueNameRegular', hideInSearch: true, render: (_, r) => code(r.valueNameRegular) },
    { title: '取值表达式', dataIndex: 'valueRegular', hideInSearch: true, render: (_, r) => code(r.valueRegular) },
    editDeleteColumn(110, {
      onEdit: page.openEdit,
      remove: (r) => ({ description: '是否确定删除该取值规则？', onDelete: () => formatsApi.deleteRule(r.id), onDeleted: page.reload }),
    }),
  ]

  return (
    <>
      <ListPage
        headerTitle={filterFormat ? <span>取值规则 · <span data-testid="rule-filter-format">{filterFormat.name}</span></span> : '取值规则'}
        noun="取值规则"
        page={page}
        dialog={(form) => (
          <RuleForm {...form} formats={formats} defaultFormatId={filterFormatId} sample={sample} onSampleChange={setSample} />
        )}
        formRef={formRef}
        columns={columns}
        scroll={{ x: 1100 }}
        form={{ name: 'rule-search', initialValues: { receiptFormatId: urlFormatId } }}
        pageSize={RULE_PAGE_SIZE}
        list={(q: ExtractionRuleQuery) => {
          setFilterFormatId(q.receiptFormatId ? Number(q.receiptFormatId) : undefined)
          return formatsApi.findRules(q)
        }}
        exportList={info ? (_filters, opts) => formatsApi.exportRules(info.companyId, opts) : undefined}
        buttons={[<Button key="test" icon={<ExperimentOutlined />} onClick={() => setTesterOpen(true)}>规则测试</Button>]}
      />
      <Modal
        title="规则测试"
        open={testerOpen}
        onCancel={() => setTesterOpen(false)}
        footer={<Button onClick={() => setTesterOpen(false)}>关闭</Button>}
        width="min(860px, 96vw)"
        destroyOnHidden
      >
        <RuleTester sample={sample} onSampleChange={setSample} />
      </Modal>
    </>
  )
}
