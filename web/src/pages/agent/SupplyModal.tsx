/** 供货设置: which bases supply this base (material order buyCompanyId -> saleCompanyId). */
import { useCallback, useEffect, useState } from 'react'
import { Table, Typography } from 'antd'
import { ModalForm, ProFormSelect, ProFormText } from '@ant-design/pro-components'
import { CompanyMsg, materialOrderSaveBody, type CompanyOption, type CompanyRow, type MaterialOrderRow } from '@app/contract'
import * as companiesApi from '../../api/companies'
import DeleteAction from '../../components/DeleteAction'
import { dialogFormProps, submitDialog } from '../../components/dialogForm'
import HiddenSubmit from '../../components/HiddenSubmit'
import { zodRule } from '../../components/zodRule'

export default function SupplyModal({ company, onClose }: { company: CompanyRow | null; onClose: () => void }) {
  const [orders, setOrders] = useState<MaterialOrderRow[]>([])
  const [options, setOptions] = useState<CompanyOption[]>([])
  const load = useCallback(() => {
    if (!company) return
    companiesApi.findMaterialOrders(company.id, { silent: true }).then(setOrders).catch(() => setOrders([]))
  }, [company])
  useEffect(load, [load])
  useEffect(() => {
    if (company) companiesApi.companyOptions({ silent: true }).then(setOptions).catch(() => setOptions([]))
  }, [company])

  const taken = new Set(orders.map((o) => o.saleCompanyId))
  return (
    <ModalForm<{ name: string; saleCompanyId: number }>
      title={`供货设置：${company?.name ?? ''}`}
      open={!!company}
      onOpenChange={(o) => { if (!o) onClose() }}
      width={560}
      {...dialogFormProps(100)}
      initialValues={{ name: company?.name }}
      submitter={{ searchConfig: { submitText: '添加', resetText: '关闭' } }}
      name="supply"
      onFinish={async ({ saleCompanyId }) => {
        if (!company) return false
        await submitDialog(() => companiesApi.saveMaterialOrder({ buyCompanyId: company.id, saleCompanyId }), CompanyMsg.supplySaved, load)
        return false // stays open: several suppliers are usually added in a row
      }}
    >
      <ProFormText name="name" label="采购基地" disabled />
      <ProFormSelect
        name="saleCompanyId"
        label="供货基地"
        placeholder="请选择供货基地"
        showSearch
        options={options.filter((o) => o.id !== company?.id).map((o) => ({ label: o.name, value: o.id, disabled: taken.has(o.id) }))}
        fieldProps={{ optionFilterProp: 'label' }}
        rules={[zodRule(materialOrderSaveBody.shape.saleCompanyId)]}
      />
      <HiddenSubmit />
      <Typography.Text type="secondary">当前供货基地</Typography.Text>
      <Table<MaterialOrderRow>
        size="small"
        rowKey="id"
        style={{ marginTop: 8 }}
        pagination={false}
        dataSource={orders}
        locale={{ emptyText: '暂无供货基地' }}
        columns={[
          { title: '供货基地', dataIndex: 'saleCompanyName' },
          { title: '设置时间', dataIndex: 'createTimeStr', width: 170 },
          {
            title: '操作', width: 80, render: (_, row) => (
              <DeleteAction description="确定删除该供货关系吗？" onDelete={() => companiesApi.deleteMaterialOrder(row.id)} onDeleted={load} />
            ),
          },
        ]}
      />
    </ModalForm>
  )
}
