/**
 * The receiving total and pound difference as the user types: they follow the delivery net, the first
 * receiving net and the extra destinations, and the receiving form's 收货净重 is kept at the total.
 */
import { useEffect, useMemo } from 'react'
import { Form, type FormInstance } from 'antd'
import { receivingFigures, type DestinationRow, type TicketValues } from '../../features/ticketForm/uploadValues'

export function useReceivingFigures(deliveryForm: FormInstance<TicketValues>, signForm: FormInstance<TicketValues>, destinations: readonly DestinationRow[]) {
  const deliveryNet = Form.useWatch('deliveryNetWeight', deliveryForm)
  const firstNet = Form.useWatch('signFirstNetWeight', signForm)
  const figures = useMemo(() => receivingFigures(deliveryNet, firstNet, destinations), [deliveryNet, firstNet, destinations])
  useEffect(() => {
    if (signForm.getFieldValue('signNetWeight') !== figures.total) signForm.setFieldValue('signNetWeight', figures.total)
  }, [figures.total, signForm])
  return { deliveryNet, figures }
}
