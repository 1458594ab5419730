/**
 * 销售开单: the customer (a tanker's unit, or picked from an inspection report of this base, which fills
 * the unit), lines of material, quantity and price in yuan (the list price until changed), the
 * payment method and a remark; the seller is the signed-in user. The total runs as lines are typed,
 * worked out exactly as the server does.
 */
import { useRef, useState } from 'react'
import { Descriptions, Typography } from 'antd'
import { ModalForm, ProFormDependency, ProFormList, ProFormSelect, ProFormText, type ProFormInstance } from '@ant-design/pro-components'
import { useQuery } from '@tanstack/react-query'
import { PAYMENT_METHODS, saleBody, StockMsg, type Sale } from '@app/contract'
import * as reportsApi from '../../api/reports'
import * as api from '../../api/sales'
import { editDialog, type EditDialogProps } from '../../components/editDialog'
import { SchemaRadio, SchemaText, SchemaTextArea } from '../../components/SchemaField'
import { zodRule } from '../../components/zodRule'
import { materialChoices, repeatedMaterials, useMaterials } from '../../features/supplySales/materialChoices'
import { lineAmountOf, listPriceText, priceOf, saleBodyOf, saleTotalOf, yuanText, type SaleFormValues } from './saleValues'

const fields = saleBody.shape
const line = fields.lines.element.shape

type ReportOption = { label: string; value: number; org: string | null }

/** The reports of this base whose plate or number holds the typed text, for the picker. */
function useReportChoices(term: string, enabled: boolean) {
  const { data } = useQuery({
    queryKey: ['saleReports', term],
    queryFn: ({ signal }) => reportsApi.findReports({ page: 1, size: 20, ...(/^\d/.test(term) ? { reportNumber: term } : { licenseNumber: term }) }, { silent: true, signal }),
    enabled: enabled && term.length > 0,
  })
  return data?.data ?? []
}

export default function SaleForm({ sellerName, canPickReport, ...dialog }: EditDialogProps<Sale> & { sellerName: string; canPickReport: boolean }) {
  const materials = useMaterials()
  const formRef = useRef<ProFormInstance<SaleFormValues>>(undefined)
  const [term, setTerm] = useState('')
  const found: ReportOption[] = useReportChoices(term.trim(), canPickReport)
    .map((r) => ({ label: `${r.reportNumber} ${r.licenseNumber}${r.org ? ` ${r.org}` : ''}`, value: r.id, org: r.org }))
  // the report picked stays named after the search that found it is cleared
  const [picked, setPicked] = useState<ReportOption | null>(null)
  return (
    <ModalForm<SaleFormValues>
      {...editDialog(dialog, {
        noun: '销售单', labelWidth: 80,
        create: (v: SaleFormValues) => api.saveSale(saleBodyOf(v)),
        update: () => Promise.reject(new Error('销售单不能编辑')),
      })}
      title="销售开单"
      width={820}
      name="sale"
      formRef={formRef}
      initialValues={{ paymentMethod: PAYMENT_METHODS[0], lines: [{}] }}
    >
      {canPickReport && (
        <ProFormSelect
          name="reportId" label="检验报告" placeholder="输入车牌号或报告编号查找（可不选）" allowClear
          options={picked && !found.some((o) => o.value === picked.value) ? [picked, ...found] : found}
          fieldProps={{
            showSearch: true, filterOption: false, onSearch: setTerm,
            onChange: (_v: unknown, option: unknown) => {
              const chosen = option as ReportOption | undefined
              setPicked(chosen ?? null)
              if (chosen?.org) formRef.current?.setFieldsValue({ customer: chosen.org })
            },
          }}
        />
      )}
      <SchemaText name="customer" label="客户单位" placeholder="罐车所属单位" schema={fields.customer} />
      <ProFormDependency name={['lines']}>
        {({ lines }: SaleFormValues) => {
          const repeated = repeatedMaterials(lines)
          const { total, incomplete } = saleTotalOf(lines)
          return (
            <>
              <ProFormList
                name="lines" label="销售明细"
                creatorButtonProps={{ creatorButtonText: '添加物料' }}
                creatorRecord={{}}
                copyIconProps={false}
                min={1}
              >
                {(_field, index) => {
                  const row = lines?.[index]
                  const unit = materials.find((m) => m.id === row?.materialId)?.unit
                  const amount = lineAmountOf(row)
                  return (
                    <div style={{ display: 'flex', gap: 8, alignItems: 'baseline' }}>
                      <ProFormSelect
                        name="materialId" placeholder="选择物料" width={240}
                        options={materialChoices(materials)}
                        fieldProps={{
                          showSearch: true, optionFilterProp: 'label', 'aria-label': `第${index + 1}行物料`,
                          // the list price until the seller changes it
                          onChange: (id: number) => {
                            const m = materials.find((x) => x.id === id)
                            const all = formRef.current?.getFieldValue('lines') as SaleFormValues['lines']
                            if (m && all?.[index]) formRef.current?.setFieldsValue({ lines: all.map((l, i) => (i === index ? { ...l, materialId: id, price: listPriceText(m) } : l)) })
                          },
                        }}
                        rules={[{ required: true, message: StockMsg.materialNeeded },
                          { validator: async (_r, v) => { if (v != null && repeated.has(v)) throw new Error(StockMsg.duplicateLine) } }]}
                      />
                      <ProFormText
                        name="quantity" placeholder="数量" width={130}
                        fieldProps={{ inputMode: 'decimal', 'aria-label': `第${index + 1}行数量`, suffix: unit }}
                        rules={[zodRule(line.quantity)]}
                      />
                      <ProFormText
                        name="price" placeholder="单价" width={140}
                        fieldProps={{ inputMode: 'decimal', 'aria-label': `第${index + 1}行单价`, prefix: '¥', suffix: unit ? `/${unit}` : undefined }}
                        rules={[{ required: true, message: StockMsg.priceNeeded },
                          { validator: async (_r, v: string | undefined) => { if (v && priceOf(v) == null) throw new Error(StockMsg.priceYuan) } }]}
                      />
                      <Typography.Text aria-label={`第${index + 1}行金额`} style={{ minWidth: 90, textAlign: 'right' }}>
                        {amount == null ? '—' : yuanText(amount)}
                      </Typography.Text>
                    </div>
                  )
                }}
              </ProFormList>
              <Descriptions size="small" column={2} style={{ margin: '0 0 16px 80px' }} items={[
                { key: 'total', label: '合计', children: <Typography.Text strong aria-label="合计金额" style={{ fontSize: 16 }}>{yuanText(total)}</Typography.Text> },
                { key: 'seller', label: '销售人', children: sellerName },
                ...(incomplete ? [{ key: 'pending', label: '未填完', children: `${incomplete}行` }] : []),
              ]} />
            </>
          )
        }}
      </ProFormDependency>
      <SchemaRadio name="paymentMethod" label="付款方式" options={PAYMENT_METHODS.map((p) => ({ label: p, value: p }))} schema={fields.paymentMethod} />
      <SchemaTextArea name="remark" label="备注" placeholder="可不填" schema={fields.remark} fieldProps={{ autoSize: { minRows: 1, maxRows: 3 } }} />
    </ModalForm>
  )
}
