// @vitest-environment jsdom
/**
 * The weight checks of 上传票据 as a user meets them on the receiving step: the receiving total and
 * the pound difference follow what is typed, a difference of 1 t or more is red in the form and in the
 * summary, an empty net weight says which one is missing, a non-number is not taken, and a net weight
 * estimated from the bags (a reading it could not trust) says so until the user corrects it.
 */
import { useReducer } from 'react'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Form } from 'antd'
import { UploadMsg, type TicketField } from '@app/contract'
import TicketForm from '../../src/features/ticketForm/TicketForm'
import type { DestinationRow, TicketValues } from '../../src/features/ticketForm/uploadValues'
import ReceivingSummary from '../../src/pages/upload/ReceivingSummary'
import { initialUploadPage, uploadPageReducer } from '../../src/pages/upload/uploadPageState'
import { useReceivingFigures } from '../../src/pages/upload/useReceivingFigures'
import { renderInApp } from './ui'

/** the two ticket forms and the summary as the upload page puts them together */
function ReceivingStep({ destinations = [], flagged = [] }: { destinations?: DestinationRow[]; flagged?: TicketField[] }) {
  const [deliveryForm] = Form.useForm<TicketValues>()
  const [signForm] = Form.useForm<TicketValues>()
  const [state, dispatch] = useReducer(uploadPageReducer, { ...initialUploadPage, flagged: new Set(flagged) })
  const { deliveryNet, figures } = useReceivingFigures(deliveryForm, signForm, destinations)
  const edited = (changed: TicketValues) => dispatch({ type: 'edited', fields: Object.keys(changed) as TicketField[] })
  const common = { marks: {}, flagged: state.flagged, onFocusField: () => {}, onValuesChange: edited }
  return (
    <>
      <TicketForm type={1} form={deliveryForm} {...common} />
      <TicketForm type={2} form={signForm} {...common} deliveryForm={deliveryForm} figures={figures} />
      <ReceivingSummary deliveryNet={deliveryNet} figures={figures} />
    </>
  )
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
/** types a weight and leaves the field, as a user does */
function enter(label: string, text: string) {
  const input = field(label)
  fireEvent.focus(input)
  fireEvent.change(input, { target: { value: text } })
  fireEvent.blur(input)
}
const poundDiff = () => screen.getByTestId('pound-diff') as HTMLInputElement

/** the delivery ticket alone, for what one field says */
function DeliveryForm() {
  const [form] = Form.useForm<TicketValues>()
  return <TicketForm type={1} form={form} marks={{}} flagged={new Set()} onFocusField={() => {}} />
}

const isRed = (el: HTMLElement) => el.classList.contains('ant-input-status-error')
const summaryDiff = () => screen.getByTestId('receiving-summary').querySelectorAll('.ant-typography')[2] as HTMLElement
const help = (id: string) => document.getElementById(`${id}_help`)?.textContent ?? ''

describe('the weight checks of the receiving step', () => {
  it('totals the receiving nets and shows the pound difference, red from 1 t in the form and the summary', async () => {
    renderInApp(<ReceivingStep destinations={[{ key: 'd1', weight: 1.5 }]} flagged={['signFirstNetWeight']} />)
    // the reading's first net could not be trusted: estimated from the bags, and said so
    expect(screen.getByText(UploadMsg.netWeightFallback)).toBeTruthy()
    expect(field('第一收货净重').closest('.ant-input-number-group-wrapper')!.className).toContain('status-error')

    enter('发货净重', '40')
    enter('第一收货净重', '37')
    await waitFor(() => expect(poundDiff().value).toBe('1.50'))
    expect(field('收货净重').value).toBe('38.50')
    expect(isRed(poundDiff())).toBe(true)
    expect(screen.getByTestId('receiving-summary').textContent).toBe('发货净重 40.00 吨　收货总净重 38.50 吨　磅差 1.50 吨')
    expect(summaryDiff().className).toContain('ant-typography-danger')
    // corrected by the user: no longer the estimate
    expect(screen.queryByText(UploadMsg.netWeightFallback)).toBeNull()

    enter('第一收货净重', '38')
    await waitFor(() => expect(poundDiff().value).toBe('0.50'))
    expect(isRed(poundDiff())).toBe(false)
    expect(summaryDiff().className).not.toContain('ant-typography-danger')

    enter('第一收货净重', '')
    await waitFor(() => expect(help('sign_signFirstNetWeight')).toBe('第一收货净重不能为空'))
  })

  it('says a missing weight is missing, takes no text for a number and keeps a weight within 0 to 1000 t', async () => {
    renderInApp(<DeliveryForm />)
    enter('发货净重', '')
    await waitFor(() => expect(help('delivery_deliveryNetWeight')).toBe('发货净重不能为空'))

    enter('发货净重', '12.5')
    await waitFor(() => expect(help('delivery_deliveryNetWeight')).toBe(''))
    expect(field('发货净重').value).toBe('12.50')

    enter('发货净重', 'abc')
    await waitFor(() => expect(field('发货净重').value).toBe('12.50'))
    expect(help('delivery_deliveryNetWeight')).toBe('')

    enter('发货净重', '-3')
    await waitFor(() => expect(field('发货净重').value).toBe('0.00'))
    enter('发货净重', '1200')
    await waitFor(() => expect(field('发货净重').value).toBe('1000.00'))
  })
})
