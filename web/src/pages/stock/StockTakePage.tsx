/**
 * 盘点 (/material/stockTake, from 库存管理): a base counts its stock. Every material it holds or may hold
 * is a row with its book quantity; the counted quantity typed beside it shows the difference at once,
 * and a difference needs a reason. 提交盘点 records the count (the server takes the books as they are
 * then) and asks to confirm its differences; 确认 turns them into 盘点调整 movements. A count left
 * unconfirmed waits in 盘点记录 below, to be confirmed or cancelled there. Headquarters picks the base.
 */
import { useMemo, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import { App, Button, Card, Input, Modal, Select, Space, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { ProColumns } from '@ant-design/pro-components'
import {
  HQ_COMPANY_ID, LIST_MAX_PAGE_SIZE, StockMsg, StockTakeStatus,
  type StockBalance, type StockTake, type StockTakeLine, type StockTakeQuery,
} from '@app/contract'
import * as materialsApi from '../../api/materials'
import * as api from '../../api/stock'
import type { RequestOptions } from '../../api/request'
import { useUserInfo } from '../../app/session'
import { actionColumn } from '../../components/actionColumn'
import { companyChoices, useCompanyOptions } from '../../components/companies'
import { confirmDanger } from '../../components/confirmAction'
import ListPage from '../../components/ListPage'
import ShortTable from '../../components/ShortTable'
import { useChoices } from '../../components/useChoices'
import { useListPage } from '../../components/useListPage'
import { countDifference, quantityText } from '../../features/stock/quantities'
import { checkCount, sheetRows, type Counted, type SheetRow } from './stockValues'

/** Every balance of a base (a base holds at most the materials there are: a few pages). */
async function allBalances(companyId: number | undefined, opts: RequestOptions): Promise<StockBalance[]> {
  const rows: StockBalance[] = []
  for (let page = 1; ; page++) {
    const got = await api.findBalances({ companyId, page, size: LIST_MAX_PAGE_SIZE }, opts)
    rows.push(...got.data)
    if (!got.data.length || rows.length >= got.totalCount) return rows
  }
}

const STATUS_COLORS: Record<number, string> = { [StockTakeStatus.pending]: 'orange', [StockTakeStatus.confirmed]: 'green', [StockTakeStatus.cancelled]: 'default' }

const differenceText = (d: string | null) => {
  if (d === null) return <Typography.Text type="secondary">—</Typography.Text>
  if (d === '0') return <Typography.Text type="secondary">无差异</Typography.Text>
  return <Typography.Text type={d.startsWith('-') ? 'danger' : 'success'} strong>{d}</Typography.Text>
}

const NOTHING_TYPED: Counted = { counted: '', reason: '' }

const signed = (q: string) => (q.startsWith('-') ? quantityText(q) : q === '0.000' ? '0' : `+${quantityText(q)}`)

const LINE_COLUMNS: ColumnsType<StockTakeLine> = [
  { title: '物料', dataIndex: 'materialName' },
  { title: '账面数量', dataIndex: 'book', align: 'right', render: (_, l) => `${quantityText(l.book)} ${l.unit}` },
  { title: '实盘数量', dataIndex: 'counted', align: 'right', render: (_, l) => `${quantityText(l.counted)} ${l.unit}` },
  { title: '差异', dataIndex: 'difference', align: 'right', render: (_, l) => differenceText(signed(l.difference)) },
  { title: '差异原因', dataIndex: 'reason', render: (_, l) => l.reason || '—' },
]

export default function StockTakePage() {
  const info = useUserInfo()
  const app = App.useApp()
  const queryClient = useQueryClient()
  const [search] = useSearchParams()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const bases = useCompanyOptions({ enabled: headquarters }).filter((c) => c.id !== HQ_COMPANY_ID)
  const [picked, setPicked] = useState<number | undefined>(() => Number(search.get('companyId')) || undefined)
  // headquarters counts the base it picked (the first until then); a base its own stock
  const companyId = headquarters ? picked ?? bases[0]?.id : info?.companyId
  const sent = headquarters ? companyId : undefined
  const ready = info != null && companyId != null

  const materials = useChoices(['materials', 'options'], materialsApi.materialOptions)
  const { data: balances, isFetching } = useQuery({
    queryKey: ['stock', 'balances', companyId ?? null],
    queryFn: ({ signal }) => allBalances(sent, { signal }),
    enabled: ready,
  })
  const rows = useMemo(() => sheetRows(materials, balances ?? []), [materials, balances])
  const [typed, setTyped] = useState<Record<number, Counted>>({})
  const [shown, setShown] = useState(false)
  const [filter, setFilter] = useState('')
  const [saving, setSaving] = useState(false)
  const [pending, setPending] = useState<StockTake | null>(null)
  const takes = useListPage<StockTake>()

  const check = checkCount(rows, typed)
  const problems = shown ? check.problems : new Map<number, string>()
  const differing = check.lines.filter((l) => countDifference(rows.find((r) => r.materialId === l.materialId)!.book, l.counted) !== '0').length
  const visible = filter.trim() ? rows.filter((r) => r.materialName.includes(filter.trim())) : rows

  const type = (id: number, change: Partial<Counted>) =>
    setTyped((t) => ({ ...t, [id]: { ...NOTHING_TYPED, ...t[id], ...change } }))

  const changed = () => {
    takes.reload()
    void queryClient.invalidateQueries({ queryKey: ['stock'] })
  }

  const submit = async () => {
    setShown(true)
    if (check.problems.size) {
      app.message.error(check.problems.values().next().value!)
      return
    }
    if (!check.lines.length) {
      app.message.warning('请至少录入一种物料的实盘数量')
      return
    }
    setSaving(true)
    try {
      const take = await api.saveStockTake({ companyId: sent, lines: check.lines })
      setTyped({})
      setShown(false)
      setPending(take)
      takes.reload()
    } catch {
      // the request client showed the server's message
    } finally {
      setSaving(false)
    }
  }

  const confirm = async (take: StockTake) => {
    await api.confirmStockTake(take.id)
    app.message.success(StockMsg.confirmed)
    changed()
  }

  const columns: ColumnsType<SheetRow> = [
    { title: '物料名称', dataIndex: 'materialName', width: 180, ellipsis: true },
    { title: '物料类型', dataIndex: 'typeName', width: 110 },
    { title: '规格', dataIndex: 'specification', width: 120, ellipsis: true, render: (_, r) => r.specification || '—' },
    { title: '账面数量', dataIndex: 'book', width: 110, align: 'right', render: (_, r) => `${quantityText(r.book)} ${r.unit}` },
    {
      title: '实盘数量', key: 'counted', width: 150,
      render: (_, r) => (
        <Input
          aria-label={`${r.materialName}实盘数量`} placeholder="未盘" inputMode="decimal" maxLength={11} suffix={r.unit}
          status={problems.has(r.materialId) ? 'error' : undefined}
          value={typed[r.materialId]?.counted ?? ''} onChange={(e) => type(r.materialId, { counted: e.target.value })}
        />
      ),
    },
    { title: '差异', key: 'difference', width: 90, align: 'right', render: (_, r) => differenceText(countDifference(r.book, typed[r.materialId]?.counted ?? '')) },
    {
      title: '差异原因', key: 'reason',
      render: (_, r) => {
        const diff = countDifference(r.book, typed[r.materialId]?.counted ?? '')
        return (
          <Space direction="vertical" size={2} style={{ width: '100%' }}>
            <Input
              aria-label={`${r.materialName}差异原因`} placeholder={diff && diff !== '0' ? '有差异，请填写原因' : '—'} maxLength={200}
              disabled={!diff || diff === '0'} value={typed[r.materialId]?.reason ?? ''} onChange={(e) => type(r.materialId, { reason: e.target.value })}
            />
            {problems.has(r.materialId) && <Typography.Text type="danger" role="alert">{problems.get(r.materialId)}</Typography.Text>}
          </Space>
        )
      },
    },
  ]

  const takeColumns: ProColumns<StockTake>[] = [
    { title: '盘点单号', dataIndex: 'id', width: 90 },
    { title: '状态', dataIndex: 'statusName', width: 90, render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{r.statusName}</Tag> },
    { title: '物料数', key: 'lines', width: 80, align: 'right', render: (_, r) => r.lines.length },
    { title: '有差异', key: 'differing', width: 80, align: 'right', render: (_, r) => r.lines.filter((l) => l.difference !== '0.000').length },
    { title: '盘点人', dataIndex: 'userName', width: 100 },
    { title: '盘点时间', dataIndex: 'createTime', width: 170 },
    { title: '确认人', dataIndex: 'confirmUserName', width: 100, render: (_, r) => r.confirmUserName || '—' },
    { title: '确认时间', dataIndex: 'confirmTime', width: 170, render: (_, r) => r.confirmTime || '—' },
    actionColumn<StockTake>(110, (r) => (r.status === StockTakeStatus.pending ? [
      <a key="confirm" onClick={() => setPending(r)}>确认</a>,
      <a key="cancel" style={{ marginLeft: 12 }} onClick={() => confirmDanger(app, `取消盘点单 ${r.id}？库存不会调整。`, () => api.cancelStockTake(r.id), StockMsg.cancelled, changed)}>取消</a>,
    ] : '—')),
  ]

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="盘点"
        extra={(
          <Space wrap>
            {headquarters && (
              <Select style={{ width: 220 }} showSearch optionFilterProp="label" placeholder="选择基地" aria-label="基地"
                value={companyId} options={companyChoices(bases)} onChange={(id) => { setPicked(id); setTyped({}); setShown(false) }} />
            )}
            <Input.Search allowClear placeholder="按物料名称筛选" style={{ width: 200 }} onChange={(e) => setFilter(e.target.value)} aria-label="按物料名称筛选" />
          </Space>
        )}
      >
        <Typography.Paragraph type="secondary">
          录入各物料的实盘数量，差异随即显示；有差异的须填写原因。提交后确认，库存按差异调整（记为盘点调整）。未录入的物料不盘点。
        </Typography.Paragraph>
        <ShortTable<SheetRow>
          rowKey="materialId" columns={columns} dataSource={visible} loading={!ready || (isFetching && !balances)}
          scroll={{ x: 1000, y: 480 }} locale={{ emptyText: rows.length ? '没有名称相符的物料' : '暂无物料：总部添加物料后可盘点' }}
        />
        <Space style={{ marginTop: 16, width: '100%', justifyContent: 'flex-end' }}>
          <Typography.Text type="secondary" aria-live="polite">已录入 {check.lines.length + check.problems.size} 种，{differing} 种有差异</Typography.Text>
          <Button onClick={() => { setTyped({}); setShown(false) }} disabled={!Object.keys(typed).length}>清空</Button>
          <Button type="primary" loading={saving} disabled={!ready} onClick={() => void submit()}>提交盘点</Button>
        </Space>
      </Card>

      {ready && (
        <ListPage<StockTake, Omit<StockTakeQuery, 'page' | 'size'>>
          headerTitle="盘点记录"
          noun="盘点记录"
          page={takes}
          search={false}
          params={{ companyId: sent }}
          columns={takeColumns}
          list={(q) => api.findStockTakes(q)}
          expandable={{ expandedRowRender: (r) => <ShortTable<StockTakeLine> rowKey="materialId" columns={LINE_COLUMNS} dataSource={r.lines} /> }}
        />
      )}

      <Modal
        open={pending != null}
        title={pending ? `确认盘点单 ${pending.id}` : ''}
        okText="确认调整库存"
        cancelText="暂不确认"
        width={720}
        destroyOnHidden
        maskClosable={false}
        onCancel={() => setPending(null)}
        onOk={async () => {
          try {
            await confirm(pending!)
            setPending(null)
          } catch {
            // shown by the request client; the dialog stays for another try or 暂不确认
          }
        }}
      >
        <Typography.Paragraph>
          {pending && `共 ${pending.lines.length} 种物料，${pending.lines.filter((l) => l.difference !== '0.000').length} 种有差异。确认后库存按差异调整；暂不确认的盘点单可在盘点记录中确认或取消。`}
        </Typography.Paragraph>
        {pending && <ShortTable<StockTakeLine> rowKey="materialId" columns={LINE_COLUMNS} dataSource={pending.lines} />}
      </Modal>
    </Space>
  )
}
