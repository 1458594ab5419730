/**
 * 设备管理 (menu component key 'machine'): a base's measuring devices (type, number), searched by number
 * and type; 新增 shows the device's secret once, 重置密钥 (after its confirm) gives a new one and ends the
 * old, 删除 after its confirm (a device with readings answers the server's message).
 */
import { useState } from 'react'
import { App } from 'antd'
import type { ProColumns } from '@ant-design/pro-components'
import { HQ_COMPANY_ID, type Machine, type MachineQuery, type MachineWithSecret } from '@app/contract'
import * as api from '../../api/measurements'
import { useUserInfo } from '../../app/session'
import { editDeleteColumn } from '../../components/actionColumn'
import { companyChoices, companyColumn, useCompanyOptions } from '../../components/companies'
import { confirmDanger } from '../../components/confirmAction'
import ListPage from '../../components/ListPage'
import { useListPage } from '../../components/useListPage'
import MachineForm from './MachineForm'
import SecretDialog from './SecretDialog'

export default function MachinesPage() {
  const info = useUserInfo()
  const app = App.useApp()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const companies = useCompanyOptions({ enabled: headquarters })
  const page = useListPage<Machine>()
  const [secret, setSecret] = useState<MachineWithSecret | null>(null)

  const reset = (r: Machine) => confirmDanger(app,
    `重置设备 ${r.deviceNo} 的密钥后，旧密钥立即失效，设备需配置新密钥才能继续提交测量数据。确定重置吗？`,
    async () => setSecret(await api.resetMachineSecret(r.id)), '密钥已重置', () => undefined)

  const columns: ProColumns<Machine>[] = [
    { title: '设备编号', dataIndex: 'deviceNo', width: 180, copyable: true, fieldProps: { maxLength: 50 } },
    { title: '设备类型', dataIndex: 'type', width: 200, fieldProps: { maxLength: 50 } },
    { title: '所在乡镇', dataIndex: 'townName', hideInSearch: true, width: 140 },
    companyColumn<Machine>(companies, { inTable: headquarters, inSearch: headquarters }),
    { title: '登记时间', dataIndex: 'createTime', hideInSearch: true, width: 170 },
    editDeleteColumn(180, {
      onEdit: page.openEdit,
      links: (r) => [<a key="reset" onClick={() => reset(r)}>重置密钥</a>],
      remove: (r) => ({
        description: `确定删除设备 ${r.deviceNo} 吗？已有测量记录的设备不能删除。`, onDelete: () => api.deleteMachine(r.id), onDeleted: page.reload,
      }),
    }),
  ]

  return (
    <>
      <ListPage
        headerTitle="设备列表"
        noun="设备"
        page={page}
        dialog={(form) => <MachineForm {...form} bases={headquarters ? companyChoices(companies) : []} onCreated={setSecret} />}
        columns={columns}
        form={{ name: 'machine-search' }}
        list={(q: MachineQuery) => api.findMachines(q)}
      />
      <SecretDialog machine={secret} onClose={() => setSecret(null)} />
    </>
  )
}
