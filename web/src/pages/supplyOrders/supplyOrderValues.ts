/** Which side of a supply order may take which step, and how its states look. */
import { SUPPLY_STATUS, SupplyStatus, type SupplyOrder, type SupplyOrderRequest } from '@app/contract'

export type SupplyStep = 'ship' | 'receive' | 'cancel'

export const STEP_LABELS: Record<SupplyStep, string> = { ship: '确认发货', receive: '确认收货', cancel: '取消' }

/** what the confirm asks before a step */
export const STEP_CONFIRMS: Record<SupplyStep, (o: SupplyOrder) => string> = {
  ship: (o) => `确认向“${o.companyName}”发出供货单 ${o.id} 的物料？发货后本基地库存将减少。`,
  receive: (o) => `确认已收到“${o.supplierCompanyName}”发来的供货单 ${o.id} 的物料？收货后本基地库存将增加。`,
  cancel: (o) => `确认取消供货单 ${o.id}？取消后不能恢复。`,
}

/**
 * The steps this base may take on the order, as the server allows them: the supplier ships a 待确认
 * order, the buyer receives a 已发货 one, either side cancels before shipping. Headquarters looking on
 * (neither side) takes none.
 */
export function stepsFor(order: Pick<SupplyOrder, 'status' | 'companyId' | 'supplierCompanyId'>, myCompanyId: number | undefined): SupplyStep[] {
  const buyer = myCompanyId === order.companyId
  const supplier = myCompanyId === order.supplierCompanyId
  if (order.status === SupplyStatus.pending) return [...(supplier ? ['ship' as const] : []), ...(buyer || supplier ? ['cancel' as const] : [])]
  if (order.status === SupplyStatus.shipped && buyer) return ['receive']
  return []
}

export const STATUS_COLORS: Record<number, string> = {
  [SupplyStatus.pending]: 'orange',
  [SupplyStatus.shipped]: 'blue',
  [SupplyStatus.received]: 'green',
  [SupplyStatus.cancelled]: 'default',
}

export const statusOptions = SUPPLY_STATUS.map((label, value) => ({ label, value }))

export interface SupplyOrderFormValues {
  supplierCompanyId?: number
  lines?: { materialId?: number; quantity?: string }[]
  remark?: string
}

export const supplyOrderBodyOf = (v: SupplyOrderFormValues): SupplyOrderRequest => ({
  supplierCompanyId: v.supplierCompanyId!,
  lines: (v.lines ?? []).map((l) => ({ materialId: l.materialId!, quantity: (l.quantity ?? '').trim() })),
  remark: v.remark?.trim() || undefined,
})
