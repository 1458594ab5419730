/** 供货设置: which bases supply this base (material order buyCompanyId -> saleCompanyId). */
import { ProFormSelect } from '@ant-design/pro-components'
import { CompanyMsg, materialOrderSaveBody, type CompanyRow, type MaterialOrderRow } from '@app/contract'
import * as companiesApi from '../../api/companies'
import type { RequestOptions } from '../../api/request'
import { useCompanyOptions } from '../../components/companies'
import DeleteAction from '../../components/DeleteAction'
import { zodRule } from '../../components/zodRule'
import CompanyEntriesModal, { useCompanyEntries } from './CompanyEntriesModal'

const findOrders = (company: CompanyRow, opts: RequestOptions) => companiesApi.findMaterialOrders(company.id, opts)

export default function SupplyModal({ company, onClose }: { company: CompanyRow | null; onClose: () => void }) {
  const orders = useCompanyEntries('materialOrders', company, findOrders)
  const options = useCompanyOptions({ enabled: !!company })

  const taken = new Set(orders.rows.map((o) => o.saleCompanyId))
  return (
    <CompanyEntriesModal<{ saleCompanyId: number }, MaterialOrderRow>
      title="供货设置"
      company={company}
      onClose={onClose}
      width={560}
      name="supply"
      nameLabel="采购基地"
      submitText="添加"
      save={(c, { saleCompanyId }) => companiesApi.saveMaterialOrder({ buyCompanyId: c.id, saleCompanyId })}
      savedMessage={CompanyMsg.supplySaved}
      entries={orders}
      caption="当前供货基地"
      emptyText="暂无供货基地"
      columns={[
        { title: '供货基地', dataIndex: 'saleCompanyName' },
        { title: '设置时间', dataIndex: 'createTimeStr', width: 170 },
        {
          title: '操作', width: 80, render: (_, row) => (
            <DeleteAction description="确定删除该供货关系吗？" onDelete={() => companiesApi.deleteMaterialOrder(row.id)} onDeleted={orders.reload} />
          ),
        },
      ]}
    >
      <ProFormSelect
        name="saleCompanyId"
        label="供货基地"
        placeholder="请选择供货基地"
        showSearch
        options={options.filter((o) => o.id !== company?.id).map((o) => ({ label: o.name, value: o.id, disabled: taken.has(o.id) }))}
        fieldProps={{ optionFilterProp: 'label' }}
        rules={[zodRule(materialOrderSaveBody.shape.saleCompanyId)]}
      />
    </CompanyEntriesModal>
  )
}
