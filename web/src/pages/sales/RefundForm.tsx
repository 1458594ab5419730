/** 退款: the whole sale comes back (its stock returns); the reason is asked for, and the refund confirmed. */
import { Alert } from 'antd'
import { ModalForm } from '@ant-design/pro-components'
import { refundBody, StockMsg, type Sale } from '@app/contract'
import * as api from '../../api/sales'
import { dialogFormProps, submitDialog } from '../../components/dialogForm'
import { SchemaTextArea } from '../../components/SchemaField'
import { linesText } from '../../features/supplySales/materialChoices'
import { yuanText } from './saleValues'

export default function RefundForm({ sale, onClose, onDone }: { sale: Sale; onClose: () => void; onDone: () => void }) {
  return (
    <ModalForm<{ reason: string }>
      {...dialogFormProps(80)}
      title={`退款：销售单 ${sale.id}`}
      open
      width={560}
      onOpenChange={(open) => { if (!open) onClose() }}
      submitter={{ searchConfig: { submitText: '确认退款', resetText: '取消' }, submitButtonProps: { danger: true } }}
      onFinish={({ reason }) => submitDialog(() => api.refundSale(sale.id, { reason: reason.trim() }), StockMsg.refunded, onDone)}
    >
      <Alert
        type="warning" showIcon style={{ marginBottom: 16 }}
        message={`整单退款 ${yuanText(sale.total)}，${linesText(sale.lines)} 将退回库存。退款后不能撤销。`}
      />
      <SchemaTextArea name="reason" label="退款原因" placeholder="如 客户退货" schema={refundBody.shape.reason} fieldProps={{ autoSize: { minRows: 2, maxRows: 4 } }} />
    </ModalForm>
  )
}
